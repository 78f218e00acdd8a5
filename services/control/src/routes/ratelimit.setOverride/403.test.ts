import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('ratelimit override operations 403 (%s)', (kind) => {
  const t = useService(kind)

  it('needs the action on the namespace', async () => {
    const namespace = `ns_${randomToken(6)}`
    await t.client.raw.POST('/v2/ratelimit.limit', {
      body: { namespace, identifier: 'x', limit: 1, duration: 1000 },
    })
    const reader = await t.key(['ratelimit.*.read_override'])
    const c = t.clientFor(reader)
    const set = await c.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace, identifier: 'a', limit: 1, duration: 1000 },
    })
    expect(set.response.status).toBe(403)
    const del = await c.raw.POST('/v2/ratelimit.deleteOverride', { body: { namespace, identifier: 'a' } })
    expect(del.response.status).toBe(403)
    const writer = await t.key([`ratelimit/${namespace}#set_override`])
    const w = t.clientFor(writer)
    expect(
      (await w.raw.POST('/v2/ratelimit.getOverride', { body: { namespace, identifier: 'a' } })).response
        .status,
    ).toBe(403)
    expect((await w.raw.POST('/v2/ratelimit.listOverrides', { body: { namespace } })).response.status).toBe(
      403,
    )
    const ok = await w.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace, identifier: 'a', limit: 1, duration: 1000 },
    })
    expect(ok.response.status).toBe(200)
  })
})
