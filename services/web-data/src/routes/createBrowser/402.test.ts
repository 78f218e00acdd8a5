import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/browser → 402', () => {
  const t = useTestService({ worker: false })

  it('answers Payment Required for a team without credits', async () => {
    const broke = await t.newTeam(0)
    const { error, response } = await t.clientWith(broke.key).POST('/v2/browser', { body: {} })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  })
})
