import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type FaultyTestService, startFaultyTestService } from '../../testing/harness.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/snapshots/{snapshotId} → 503 (%s)', (kind) => {
  let t: FaultyTestService
  beforeAll(async () => {
    t = await startFaultyTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Service Unavailable with Retry-After when the database cannot be reached', async () => {
    await expectDatabaseFailure(t, 503, (client) =>
      client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
        params: { path: { jobId: randomUUID(), snapshotId: `snap_${'A'.repeat(26)}` } },
      }),
    )
  })
})
