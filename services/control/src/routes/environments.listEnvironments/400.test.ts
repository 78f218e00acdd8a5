import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('environments.listEnvironments 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ project: 'demo' }, 'body.app'],
    [{ project: 'demo', app: 'checkout-api', environment: 'production' }, 'body.environment'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'environments.listEnvironments', body, location))
})
