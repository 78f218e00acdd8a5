import { expect, it, vi } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/scrape/{jobId}/interact → 409', () => {
  const site = useFixtureSite()
  const t = useTestService()

  it('answers Conflict while code is still running in the session', async () => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html'), waitFor: 1 } })
    const jobId = String(scraped.data?.data?.metadata?.scrapeId)
    const slow = t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId } },
      body: {
        code: `await page.goto(${JSON.stringify(site.at('/started-409'))}); await page.waitForTimeout(5000); return "done"`,
      },
    })
    // The slow code has the session once its page asked the site for the marker path.
    await vi.waitFor(() => expect(site.hits.get('/started-409')).toBe(1), { timeout: 30_000, interval: 20 })
    const { error, response } = await t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId } },
      body: { code: 'return 1' },
    })
    expect(response.status).toBe(409)
    expect(error).toMatchObject({ success: false, error: 'Conflict', code: 'SESSION_BUSY' })
    expect((await slow).data?.result).toBe('done')
  }, 60_000)
})
