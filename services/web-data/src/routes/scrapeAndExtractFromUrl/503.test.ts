import { describe, expect, it } from 'vitest'
import { NO_CHROMIUM } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape → 503 (no browser installed)', () => {
  const site = useFixtureSite()
  const t = useTestService({ chromiumPath: NO_CHROMIUM })

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

  it('says in `warning` that a page built by its scripts could not be rendered', async () => {
    const { data, response } = await t.client.POST('/v2/scrape', { body: { url: site.at('/shell.html') } })
    expect(response.status).toBe(200)
    expect(data?.data?.warning).toMatch(/builds its content with JavaScript and no browser is available/)
    const plain = await t.client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    expect(plain.data?.data?.warning).toBeUndefined()
  })
})
