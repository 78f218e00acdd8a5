import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/scrape in the browser → 403', () => {
  const site = useFixtureSite()
  const t = useTestService({ allowPrivateUrls: false })

  it('refuses a loopback page in the browser too (URL_NOT_ALLOWED), and the page is never requested', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/app.html'), formats: ['screenshot'] },
    })
    expect(response.status).toBe(403)
    expect(error).toMatchObject({ success: false, error: 'Forbidden', code: 'URL_NOT_ALLOWED' })
    expect(site.hits.get('/app.html')).toBeUndefined()
  }, 60_000)
})
