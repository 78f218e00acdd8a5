import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe('POST /v2/interact → 429', () => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ worker: false, maxBrowserSessionsPerTeam: 0 })
  })
  afterAll(async () => {
    await t?.stop()
  })

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
