import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useService } from '../../../test/harness.js'

describe.each(testDatabaseKinds())('ratelimit override operations 400 (%s)', (kind) => {
  const t = useService(kind)

  it('rejects invalid bodies and unknown cursors', async () => {
    const set = await t.client.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace: 'api', identifier: 'a', limit: -1, duration: 1000 },
    })
    expect(set.response.status).toBe(400)
    expect(locationsOf(set.error)).toContain('body.limit')
    const list = await t.client.raw.POST('/v2/ratelimit.listOverrides', {
      body: { namespace: 'api', cursor: '!!' },
    })
    expect(list.response.status).toBe(400)
    expect(locationsOf(list.error)).toContain('body.cursor')
    const get = await t.client.raw.POST('/v2/ratelimit.getOverride', { body: { namespace: 'api' } as never })
    expect(locationsOf(get.error)).toContain('body.identifier')
  })
})
