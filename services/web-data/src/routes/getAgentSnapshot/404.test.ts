import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startRun } from '../../testing/agent.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/snapshots/{snapshotId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Snapshot not found for a well-formed id the run does not have', async () => {
    const id = await startRun(t.client, { prompt: 'x' })
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: { path: { jobId: id, snapshotId: `snap_${'A'.repeat(26)}` } },
    })
    expect(response.status).toBe(404)
    expect(error).toMatchObject({ error: 'Snapshot not found' })
  })

  it('answers Agent job not found for an unknown run', async () => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: {
        path: {
          jobId: crypto.randomUUID(),
          snapshotId: `snap_${'A'.repeat(26)}`,
        },
      },
    })
    expect(response.status).toBe(404)
    expect(error).toMatchObject({ error: 'Agent job not found' })
  })
})
