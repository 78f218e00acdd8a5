import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/scrape with actions → 400', () => {
  const site = useFixtureSite()
  const t = useTestService()

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
