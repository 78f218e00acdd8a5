import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/browser/{sessionId}/execute → 200', () => {
  const site = useFixtureSite()
  const t = useTestService()

  it('runs code in a session opened at /v2/interact', async () => {
    const created = await t.client.POST('/v2/interact', { body: {} })
    const sessionId = String(created.data?.id)
    const { data, response } = await t.client.POST('/v2/browser/{sessionId}/execute', {
      params: { path: { sessionId } },
      body: {
        code: `await page.goto(${JSON.stringify(site.at('/app.html'))}); return await page.title()`,
        language: 'node',
      },
    })
    expect(response.status).toBe(200)
    expect(data).toMatchObject({ success: true, result: 'Kettle configurator', exitCode: 0, killed: false })
    await t.client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId } } })
  }, 60_000)
})
