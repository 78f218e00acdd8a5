import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/interact → 429', () => {
  const t = useTestService({ worker: false, maxBrowserSessionsPerTeam: 0 })

  it('answers Concurrency limit reached beyond the active sessions a team may have', async () => {
    const { error, response } = await t.client.POST('/v2/interact', { body: {} })
    expect(response.status).toBe(429)
    expect(error).toMatchObject({
      success: false,
      error: 'Concurrency limit reached',
      code: 'CONCURRENCY_LIMIT',
    })
  })
})
