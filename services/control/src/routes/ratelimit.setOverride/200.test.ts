import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('ratelimit overrides 200 (%s)', (kind) => {
  const t = useService(kind)

  it('sets, replaces (same id), gets, lists with a cursor and deletes overrides', async () => {
    const namespace = `ns_${randomToken(6)}`
    await t.client.raw.POST('/v2/ratelimit.limit', {
      body: { namespace, identifier: 'x', limit: 1, duration: 1000 },
    })
    const set = (identifier: string, limit: number) =>
      t.client.raw.POST('/v2/ratelimit.setOverride', {
        body: { namespace, identifier, limit, duration: 60_000 },
      })
    const first = await set('org_acme', 500)
    expect(first.response.status).toBe(200)
    const replaced = await set('org_acme', 50)
    expect(replaced.data?.data.overrideId).toBe(first.data?.data.overrideId)
    await set('org_*', 0)
    await set('user_1', 7)
    const got = await t.client.raw.POST('/v2/ratelimit.getOverride', {
      body: { namespace, identifier: 'org_acme' },
    })
    expect(got.data?.data).toEqual({
      overrideId: first.data?.data.overrideId,
      identifier: 'org_acme',
      limit: 50,
      duration: 60_000,
    })
    const seen: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 5; i++) {
      const page = await t.client.raw.POST('/v2/ratelimit.listOverrides', {
        body: { namespace, limit: 2, ...(cursor ? { cursor } : {}) },
      })
      seen.push(...(page.data?.data.map((o) => o.identifier) ?? []))
      if (!page.data?.pagination.hasMore) break
      cursor = page.data.pagination.cursor
    }
    expect(seen.sort()).toEqual(['org_*', 'org_acme', 'user_1'])
    const deleted = await t.client.raw.POST('/v2/ratelimit.deleteOverride', {
      body: { namespace, identifier: 'org_*' },
    })
    expect(deleted.response.status).toBe(200)
    expect(deleted.data?.data).toEqual({})
  })
})
