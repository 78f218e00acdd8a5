import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('gateway.listPolicies 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ project: 'demo', app: 'checkout-api' }, 'body.environment'],
    [{ project: 'demo', app: 'checkout api', environment: 'production' }, 'body.app'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'gateway.listPolicies', body, location))
})
