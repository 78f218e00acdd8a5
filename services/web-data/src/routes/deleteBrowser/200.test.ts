import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useTestService } from '../../testing/lifecycle.js'

describeBrowser('DELETE /v2/browser/{sessionId} → 200', () => {
  const t = useTestService()

  it('closes a session opened at either path and answers the same again', async () => {
    const { data: created } = await t.client.POST('/v2/interact', { body: {} })
    const sessionId = String(created?.id)
    const { data, response } = await t.client.DELETE('/v2/browser/{sessionId}', {
      params: { path: { sessionId } },
    })
    expect(response.status).toBe(200)
    expect(data).toMatchObject({ success: true, creditsBilled: 1 })
    const again = await t.client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId } } })
    expect(again.data).toEqual(data)
  }, 60_000)
})
