import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type FaultyTestService, startFaultyTestService } from '../../testing/harness.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId}/checks/{checkId} → 502 (%s)', (kind) => {
  let t: FaultyTestService
  beforeAll(async () => {
    t = await startFaultyTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Bad Gateway when the database answers with a protocol violation', async () => {
    await expectDatabaseFailure(t, 502, (client) =>
      client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
        params: { path: { monitorId: randomUUID(), checkId: randomUUID() } },
      }),
    )
  })
})
