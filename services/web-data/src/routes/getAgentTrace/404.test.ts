import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/trace → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Agent job not found for an unknown run', async () => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/trace', {
      params: { path: { jobId: crypto.randomUUID() } },
    })
    expect(response.status).toBe(404)
    expect(error).toMatchObject({ error: 'Agent job not found' })
  })
})
