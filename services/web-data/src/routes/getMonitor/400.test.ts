import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a monitor id that is not a UUID', async () => {
    expectBadRequest(
      await t.client.GET('/v2/monitor/{monitorId}', { params: { path: { monitorId: 'nope' } } }),
      'path',
      'monitorId',
    )
  })
})
