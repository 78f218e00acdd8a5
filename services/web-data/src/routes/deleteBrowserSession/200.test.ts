import { expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { authenticate } from '../../billing/keys.js'
import { describeBrowser } from '../../testing/browser.js'
import { useTestService } from '../../testing/lifecycle.js'

describeBrowser('DELETE /v2/interact/{sessionId} → 200', () => {
  const t = useTestService()

  it('closes the session, bills each started minute once, and answers the same again', async () => {
    const teamId = String((await authenticate(t.service.db, t.apiKey))?.teamId)
    const before = await balance(t.service.db, teamId)
    const { data: created } = await t.client.POST('/v2/interact', { body: {} })
    const sessionId = String(created?.id)
    const { data, response } = await t.client.DELETE('/v2/interact/{sessionId}', {
      params: { path: { sessionId } },
    })
    expect(response.status).toBe(200)
    expect(data?.success).toBe(true)
    expect(data?.creditsBilled).toBe(1)
    expect(data?.sessionDurationMs).toBeGreaterThanOrEqual(0)
    expect(await balance(t.service.db, teamId)).toBe(before - 1)

    const again = await t.client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId } } })
    expect(again.data).toEqual(data)
    expect(await balance(t.service.db, teamId)).toBe(before - 1)
    const list = await t.client.GET('/v2/interact', { params: { query: { status: 'destroyed' } } })
    expect(list.data?.sessions?.map((s) => s.id)).toEqual([sessionId])
  }, 60_000)
})
