import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describeBrowser('POST /v2/scrape in the browser → 403', () => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startTestService({ allowPrivateUrls: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('refuses a loopback page in the browser too (URL_NOT_ALLOWED), and the page is never requested', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/app.html'), formats: ['screenshot'] },
    })
    expect(response.status).toBe(403)
    expect(error).toMatchObject({ success: false, error: 'Forbidden', code: 'URL_NOT_ALLOWED' })
    expect(site.hits.get('/app.html')).toBeUndefined()
  }, 60_000)
})
