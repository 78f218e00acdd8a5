import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe('POST /v2/interact → 402', () => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Payment Required for a team without credits', async () => {
    const broke = await t.newTeam(0)
    const { error, response } = await t.clientWith(broke.key).POST('/v2/interact', { body: {} })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  })
})
