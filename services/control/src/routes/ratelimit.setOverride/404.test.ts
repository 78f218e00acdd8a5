import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('ratelimit override operations 404 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 404 for an unknown namespace and for an identifier without override', async () => {
    const missing = `missing_${randomToken(6)}`
    const set = await t.client.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace: missing, identifier: 'a', limit: 1, duration: 1000 },
    })
    expect(set.response.status).toBe(404)
    const namespace = `ns_${randomToken(6)}`
    await t.client.raw.POST('/v2/ratelimit.limit', {
      body: { namespace, identifier: 'x', limit: 1, duration: 1000 },
    })
    const get = await t.client.raw.POST('/v2/ratelimit.getOverride', {
      body: { namespace, identifier: 'nobody' },
    })
    expect(get.response.status).toBe(404)
    const del = await t.client.raw.POST('/v2/ratelimit.deleteOverride', {
      body: { namespace, identifier: 'nobody' },
    })
    expect(del.response.status).toBe(404)
    const list = await t.client.raw.POST('/v2/ratelimit.listOverrides', { body: { namespace: missing } })
    expect(list.response.status).toBe(404)
  })
})
