import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describeBrowser('POST /v2/scrape with actions → 400', () => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startTestService()
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('names the action that failed when its selector matches nothing', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/app.html'),
        actions: [
          { type: 'click', selector: '#add' },
          { type: 'click', selector: '#does-not-exist' },
        ],
      },
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Action 2 (click) failed: no element matches "#does-not-exist"')
    expect(error?.code).toBe('SCRAPE_ACTION_FAILED')
  }, 60_000)
})
