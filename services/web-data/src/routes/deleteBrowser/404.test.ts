import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('DELETE /v2/browser/{sessionId} → 404', () => {
  const t = useTestService({ worker: false })

  it('answers Not Found for an unknown session', async () => {
    const { error, response } = await t.client.DELETE('/v2/browser/{sessionId}', {
      params: { path: { sessionId: 'bs_unknown' } },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found', code: 'SESSION_NOT_FOUND' })
  })
})
