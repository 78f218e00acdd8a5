import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe('POST /v2/interact → 400', () => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('rejects a ttl below 30 seconds', async () => {
    const { error, response } = await t.client.POST('/v2/interact', { body: { ttl: 5 } })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
  })
})
