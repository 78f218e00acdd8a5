import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startRun } from '../../testing/agent.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Agent job not found for an unknown id', async () => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}', {
      params: { path: { jobId: '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10' } },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Agent job not found' })
  })

  it("answers Agent job not found for another team's run", async () => {
    const id = await startRun(t.client, { prompt: 'mine' })
    const other = await t.newTeam(10)
    const { error, response } = await t
      .clientWith(other.key)
      .GET('/v2/agent/{jobId}', { params: { path: { jobId: id } } })
    expect(response.status).toBe(404)
    expect(error?.error).toBe('Agent job not found')
  })
})
