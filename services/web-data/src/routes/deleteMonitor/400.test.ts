import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('DELETE /v2/monitor/{monitorId} → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a monitor id that is not a UUID', async () => {
    expectBadRequest(
      await t.client.DELETE('/v2/monitor/{monitorId}', { params: { path: { monitorId: 'nope' } } }),
      'path',
      'monitorId',
    )
  })
})
