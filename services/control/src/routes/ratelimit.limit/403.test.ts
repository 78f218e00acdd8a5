import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.limit 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 to a key that may limit another namespace only', async () => {
    const namespace = `ns_${randomToken(8)}`
    await t.client.raw.POST('/v2/ratelimit.limit', {
      body: { namespace, identifier: 'a', limit: 1, duration: 1000 },
    })
    const key = await t.key(['ratelimit.rlns_other.limit', 'ratelimit.*.read_override'])
    const { response, error } = await t
      .clientFor(key)
      .raw.POST('/v2/ratelimit.limit', { body: { namespace, identifier: 'a', limit: 1, duration: 1000 } })
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('ratelimit.')
  })
})
