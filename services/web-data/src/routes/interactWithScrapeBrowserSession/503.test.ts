import { describe, expect, it } from 'vitest'
import { NO_CHROMIUM } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape/{jobId}/interact → 503 (no browser installed)', () => {
  const site = useFixtureSite()
  const t = useTestService({ worker: false, chromiumPath: NO_CHROMIUM })

  it('answers BROWSER_UNAVAILABLE', async () => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html') } })
    const { error, response } = await t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId: String(scraped.data?.data?.metadata?.scrapeId) } },
      body: { code: 'return 1' },
    })
    expect(response.status).toBe(503)
    expect(error).toMatchObject({ success: false, error: 'Service Unavailable', code: 'BROWSER_UNAVAILABLE' })
  })
})
