import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startRun } from '../../testing/agent.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/agent/{jobId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("answers Agent job not found for unknown ids and other teams' runs, and changes nothing", async () => {
    const unknown = await t.client.DELETE('/v2/agent/{jobId}', {
      params: { path: { jobId: crypto.randomUUID() } },
    })
    expect(unknown.response.status).toBe(404)
    expect(unknown.error).toEqual({
      success: false,
      error: 'Agent job not found',
    })
    const id = await startRun(t.client, { prompt: 'mine' })
    const other = await t.newTeam(10)
    const theirs = await t
      .clientWith(other.key)
      .DELETE('/v2/agent/{jobId}', { params: { path: { jobId: id } } })
    expect(theirs.response.status).toBe(404)
    const rows = await t.service.db.query('SELECT status FROM agent_runs WHERE id = $1', [id])
    expect(rows).toEqual([{ status: 'processing' }])
  })
})
