import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape/{jobId}/interact → 404', () => {
  const t = useTestService({ worker: false })

  it('answers Not Found for an unknown scrape job', async () => {
    const { error, response } = await t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId: '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10' } },
      body: { code: 'return 1' },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found', code: 'SCRAPE_JOB_NOT_FOUND' })
  })
})
