import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it.each(['123', 'not-a-uuid', '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a1'])('refuses jobId %s', async (jobId) => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}', {
      params: { path: { jobId } },
    })
    expect(response.status).toBe(400)
    expect(error).toEqual({
      success: false,
      error: 'Invalid job ID format. Job ID must be a valid UUID.',
    })
  })
})
