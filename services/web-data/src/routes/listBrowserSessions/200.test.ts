import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { insertSession } from '../../testing/browser-sessions.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/interact → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("lists the team's sessions newest first, filtered by status", async () => {
    const destroyed = await insertSession(t, 'destroyed')
    const active = await insertSession(t, 'active')
    const all = await t.client.GET('/v2/interact')
    expect(all.response.status).toBe(200)
    expect(all.data?.sessions?.map((s) => s.id).sort()).toEqual([destroyed, active].sort())
    expect(all.data?.sessions?.[0]).toMatchObject({ streamWebView: true })
    const onlyActive = await t.client.GET('/v2/interact', { params: { query: { status: 'active' } } })
    expect(onlyActive.data?.sessions?.map((s) => s.id)).toEqual([active])
    const other = await t.newTeam(10)
    const theirs = await t.clientWith(other.key).GET('/v2/interact')
    expect(theirs.data?.sessions).toEqual([])
  })
})
