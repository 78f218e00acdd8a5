import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/interact/{sessionId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a session id that does not have the form of one (bs_ + letters and digits)', async () => {
    for (const sessionId of ['nope', 'bs_', 'bs_a.b']) {
      const { error, response } = await t.client.DELETE('/v2/interact/{sessionId}', {
        params: { path: { sessionId } },
      })
      expect(response.status, sessionId).toBe(400)
      expect(error).toEqual({ success: false, error: 'Invalid session ID', code: 'INVALID_SESSION_ID' })
    }
  })
})
