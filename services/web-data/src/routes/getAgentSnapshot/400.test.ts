import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startRun } from '../../testing/agent.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/snapshots/{snapshotId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Invalid snapshot ID for a malformed snapshot id', async () => {
    const id = await startRun(t.client, { prompt: 'x' })
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: { path: { jobId: id, snapshotId: 'not-a-snapshot' } },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ error: 'Invalid snapshot ID' })
  })

  it('answers the job id message for a jobId that is not a UUID', async () => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: { path: { jobId: 'abc', snapshotId: 'snap_1' } },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({
      error: 'Invalid job ID format. Job ID must be a valid UUID.',
    })
  })
})
