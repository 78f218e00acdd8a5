import { describe, expect, it } from 'vitest'
import { insertSession } from '../../testing/browser-sessions.js'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/interact/{sessionId}/execute → 400', () => {
  const t = useTestService({ worker: false })

  it.each(['python', 'bash'] as const)('does not run %s code on the host', async (language) => {
    const sessionId = await insertSession(t, 'active')
    const { error, response } = await t.client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId } },
      body: { code: 'echo hi', language },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ success: false, error: 'Bad Request', code: 'UNSUPPORTED_LANGUAGE' })
  })
})
