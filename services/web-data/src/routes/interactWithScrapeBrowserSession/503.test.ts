import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_CHROMIUM } from '../../testing/browser.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe('POST /v2/scrape/{jobId}/interact → 503 (no browser installed)', () => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startTestService({ worker: false, chromiumPath: NO_CHROMIUM })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

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
