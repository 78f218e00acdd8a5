import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/agent/{jobId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a jobId that is not a UUID', async () => {
    const { error, response } = await t.client.DELETE('/v2/agent/{jobId}', {
      params: { path: { jobId: 'abc' } },
    })
    expect(response.status).toBe(400)
    expect(error).toEqual({
      success: false,
      error: 'Invalid job ID format. Job ID must be a valid UUID.',
    })
  })
})
