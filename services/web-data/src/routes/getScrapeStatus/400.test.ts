import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe('GET /v2/scrape/{jobId} → 400', () => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('rejects a job id that is not a UUID', async () => {
    const { error, response } = await t.client.GET('/v2/scrape/{jobId}', {
      params: { path: { jobId: 'nope' } },
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
  })
})
