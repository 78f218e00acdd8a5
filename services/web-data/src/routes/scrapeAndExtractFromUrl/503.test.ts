import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_CHROMIUM } from '../../testing/browser.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe('POST /v2/scrape → 503 (no browser installed)', () => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startTestService({ chromiumPath: NO_CHROMIUM })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it.each([
    ['actions', { actions: [{ type: 'click' as const, selector: '#add' }] }],
    ['a screenshot format', { formats: ['screenshot'] }],
    ['waitFor', { waitFor: 100 }],
  ])('answers BROWSER_UNAVAILABLE for %s', async (_what, options) => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/app.html'), ...options },
    })
    expect(response.status).toBe(503)
    expect(error).toMatchObject({ success: false, error: 'Service Unavailable', code: 'BROWSER_UNAVAILABLE' })
  })

  it('still scrapes without the browser when none of those is asked', async () => {
    const { response } = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html') } })
    expect(response.status).toBe(200)
  })
})
