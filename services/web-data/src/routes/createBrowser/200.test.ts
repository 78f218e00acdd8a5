import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/browser → 200', () => {
  const t = useTestService()

  it('opens a session that both paths serve', async () => {
    const { data, response } = await t.client.POST('/v2/browser', { body: { ttl: 120 } })
    expect(response.status).toBe(200)
    expect(data?.id).toMatch(/^bs_/)
    const sessionId = String(data?.id)
    const listed = await t.client.GET('/v2/interact', { params: { query: { status: 'active' } } })
    expect(listed.data?.sessions?.map((s) => s.id)).toContain(sessionId)
    const ran = await t.client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId } },
      body: { code: 'return 6 * 7' },
    })
    expect(ran.data?.result).toBe('42')
    await t.client.DELETE('/v2/browser/{sessionId}', { params: { path: { sessionId } } })
  }, 60_000)
})
