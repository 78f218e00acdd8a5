import { describe, expect, it } from 'vitest'
import { insertSession } from '../../testing/browser-sessions.js'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/browser/{sessionId}/execute → 409', () => {
  const t = useTestService({ worker: false })

  it('answers Conflict for a destroyed session', async () => {
    const sessionId = await insertSession(t, 'destroyed')
    const { error, response } = await t.client.POST('/v2/browser/{sessionId}/execute', {
      params: { path: { sessionId } },
      body: { code: 'return 1' },
    })
    expect(response.status).toBe(409)
    expect(error).toMatchObject({ success: false, error: 'Conflict', code: 'SESSION_DESTROYED' })
  })
})
