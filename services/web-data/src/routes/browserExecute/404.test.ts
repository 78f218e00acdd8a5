import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/browser/{sessionId}/execute → 404', () => {
  const t = useTestService({ worker: false })

  it('answers Not Found for an unknown session', async () => {
    const { error, response } = await t.client.POST('/v2/browser/{sessionId}/execute', {
      params: { path: { sessionId: 'bs_unknown' } },
      body: { code: 'return 1' },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found', code: 'SESSION_NOT_FOUND' })
  })
})
