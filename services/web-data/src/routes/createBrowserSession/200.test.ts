import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/interact → 200', () => {
  const site = useFixtureSite()
  const t = useTestService()

  it('opens a session that expires after ttl, and keeps a profile across sessions', async () => {
    const started = Date.now()
    const { data, response } = await t.client.POST('/v2/interact', {
      body: { ttl: 600, profile: { name: 'shop' } },
    })
    expect(response.status).toBe(200)
    expect(data?.id).toMatch(/^bs_/)
    const expires = Date.parse(String(data?.expiresAt))
    expect(expires - started).toBeGreaterThan(590_000)
    expect(expires - started).toBeLessThan(610_000)
    const id = String(data?.id)
    await t.client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId: id } },
      body: {
        code: `await page.goto(${JSON.stringify(site.at('/app.html'))}); await page.evaluate(() => localStorage.setItem('cart', 'kettle'))`,
      },
    })
    await t.client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId: id } } })

    const again = await t.client.POST('/v2/interact', { body: { profile: { name: 'shop' } } })
    const read = await t.client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId: String(again.data?.id) } },
      body: {
        code: `await page.goto(${JSON.stringify(site.at('/app.html'))}); return await page.evaluate(() => localStorage.getItem('cart'))`,
      },
    })
    expect(read.data?.result).toBe('kettle')
  }, 90_000)
})
