import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { LONG_WINDOW_MS } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.multiLimit 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('reports every check in order and passes only when all pass; each check counts', async () => {
    const a = `ns.${randomToken(6)}`
    const b = `ns.${randomToken(6)}`
    const body = [
      { namespace: a, identifier: 'user', limit: 2, duration: LONG_WINDOW_MS },
      { namespace: b, identifier: 'org', limit: 1, duration: LONG_WINDOW_MS },
    ]
    const first = await t.client.raw.POST('/v2/ratelimit.multiLimit', { body })
    expect(first.data?.data).toMatchObject({
      passed: true,
      limits: [
        { namespace: a, identifier: 'user', passed: true, remaining: 1, limit: 2 },
        { namespace: b, identifier: 'org', passed: true, remaining: 0, limit: 1 },
      ],
    })
    const second = await t.client.raw.POST('/v2/ratelimit.multiLimit', { body })
    expect(second.data?.data.passed).toBe(false)
    expect(second.data?.data.limits.map((l) => l.passed)).toEqual([true, false])
    // The first check counted although the second failed.
    const third = await t.client.raw.POST('/v2/ratelimit.multiLimit', { body: [body[0] as (typeof body)[0]] })
    expect(third.data?.data.limits[0]?.passed).toBe(false)
  })
})
