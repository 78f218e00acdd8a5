import { describe, expect, it } from 'vitest'
import { insertSession } from '../../testing/browser-sessions.js'
import { useTestService } from '../../testing/lifecycle.js'

describe('GET /v2/browser → 200', () => {
  const t = useTestService({ worker: false })

  it('lists the same sessions as GET /v2/interact, filtered by status', async () => {
    const destroyed = await insertSession(t, 'destroyed')
    const active = await insertSession(t, 'active')
    const all = await t.client.GET('/v2/browser')
    expect(all.response.status).toBe(200)
    expect(all.data?.sessions?.map((s) => s.id).sort()).toEqual([destroyed, active].sort())
    expect(all.data).toEqual((await t.client.GET('/v2/interact')).data)
    const onlyActive = await t.client.GET('/v2/browser', { params: { query: { status: 'active' } } })
    expect(onlyActive.data?.sessions?.map((s) => s.id)).toEqual([active])
  })
})
