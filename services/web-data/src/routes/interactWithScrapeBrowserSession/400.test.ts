import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape/{jobId}/interact → 400', () => {
  const site = useFixtureSite()
  const t = useTestService({ worker: false })

  it.each(['python', 'bash'] as const)('does not run %s code on the host', async (language) => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html') } })
    const { error, response } = await t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId: String(scraped.data?.data?.metadata?.scrapeId) } },
      body: { code: 'print(1)', language },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ success: false, error: 'Bad Request', code: 'UNSUPPORTED_LANGUAGE' })
  })

  it('rejects an empty code', async () => {
    const { response } = await t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId: '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10' } },
      body: { code: '' },
    })
    expect(response.status).toBe(400)
  })
})
