import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/monitor → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("lists the team's monitors newest first, by limit and offset, without deleted ones or other teams'", async () => {
    const ids: string[] = []
    for (const n of [1, 2, 3]) {
      const { data } = await t.client.POST('/v2/monitor', {
        body: yearly([`https://example.com/${n}`], { name: `m${n}` }),
      })
      ids.push(data?.data?.id as string)
    }
    await t.client.DELETE('/v2/monitor/{monitorId}', { params: { path: { monitorId: ids[1] as string } } })
    const other = await t.newTeam(10)
    await t.clientWith(other.key).POST('/v2/monitor', { body: yearly(['https://example.com/other']) })

    const all = await t.client.GET('/v2/monitor')
    expect(all.response.status).toBe(200)
    expect(all.data?.data?.map((m) => m.name)).toEqual(['m3', 'm1'])
    const page = await t.client.GET('/v2/monitor', { params: { query: { limit: 1, offset: 1 } } })
    expect(page.data?.data?.map((m) => m.name)).toEqual(['m1'])
  })
})
