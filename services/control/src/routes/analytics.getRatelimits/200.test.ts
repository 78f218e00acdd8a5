import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('analytics.getRatelimits 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('queries the recorded decisions with the documented example query', async () => {
    const ws = await t.workspace()
    const key = await t.key(
      ['ratelimit.*.limit', 'ratelimit.*.create_namespace', 'ratelimit.*.read_analytics'],
      {
        workspaceId: ws,
      },
    )
    const c = t.clientFor(key)
    for (const identifier of ['org_globex', 'org_globex', 'org_globex', 'user_8412', 'user_8412']) {
      await c.raw.POST('/v2/ratelimit.limit', {
        body: { namespace: 'api.requests', identifier, limit: 1, duration: 2_592_000_000 },
      })
    }
    const { data } = await c.raw.POST('/v2/analytics.getRatelimits', {
      body: {
        query:
          "SELECT identifier, countIf(passed = false) AS blocked FROM ratelimits WHERE namespace = 'api.requests' AND time > now() - INTERVAL 1 HOUR GROUP BY identifier ORDER BY blocked DESC LIMIT 10",
      },
    })
    expect(data?.data).toEqual([
      { identifier: 'org_globex', blocked: 2 },
      { identifier: 'user_8412', blocked: 1 },
    ])
    expect(randomToken(1)).toBeTruthy()
  })
})
