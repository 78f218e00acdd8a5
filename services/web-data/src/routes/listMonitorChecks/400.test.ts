import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId}/checks → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses an unknown `status` filter', async () => {
    expectBadRequest(
      await t.client.GET('/v2/monitor/{monitorId}/checks', {
        params: { path: { monitorId: randomUUID() }, query: { status: 'sleeping' as never } },
      }),
      'query',
      'status',
    )
  })
})
