import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apps.deleteApp 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ project: 'demo' }, 'body.app'],
    [{ project: 'demo', app: 'no spaces here' }, 'body.app'],
    [{ project: 'demo', app: 'checkout-api', force: true }, 'body.force'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'apps.deleteApp', body, location))
})
