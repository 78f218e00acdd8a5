import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { LONG_WINDOW_MS } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.limit 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  const limit = (
    body: { namespace: string; identifier: string; limit: number; duration: number; cost?: number },
    key?: string,
  ) => (key ? t.clientFor(key) : t.client).raw.POST('/v2/ratelimit.limit', { body })

  it('passes until the limit, then answers success: false with the window reset', async () => {
    const namespace = `ns.${randomToken(8)}`
    const results = []
    for (let i = 0; i < 4; i++) {
      const { data, response } = await limit({
        namespace,
        identifier: 'user_1',
        limit: 3,
        duration: LONG_WINDOW_MS,
      })
      expect(response.status).toBe(200)
      results.push(data?.data)
    }
    expect(results.map((r) => [r?.success, r?.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ])
    const reset = results[0]?.reset ?? 0
    expect(reset % LONG_WINDOW_MS).toBe(0)
    expect(reset).toBeGreaterThan(Date.now() - 1)
    // Another identifier has its own counter.
    const other = await limit({ namespace, identifier: 'user_2', limit: 3, duration: LONG_WINDOW_MS })
    expect(other.data?.data.success).toBe(true)
  })

  it('counts cost units, and a cost above the limit never passes', async () => {
    const namespace = `ns.${randomToken(8)}`
    const a = await limit({ namespace, identifier: 'org', limit: 10, duration: LONG_WINDOW_MS, cost: 7 })
    expect(a.data?.data).toMatchObject({ success: true, remaining: 3 })
    const b = await limit({ namespace, identifier: 'org', limit: 10, duration: LONG_WINDOW_MS, cost: 4 })
    expect(b.data?.data).toMatchObject({ success: false, remaining: 3 })
    const c = await limit({ namespace, identifier: 'org', limit: 10, duration: LONG_WINDOW_MS, cost: 3 })
    expect(c.data?.data).toMatchObject({ success: true, remaining: 0 })
    const big = await limit({ namespace, identifier: 'big', limit: 10, duration: LONG_WINDOW_MS, cost: 11 })
    expect(big.data?.data).toMatchObject({ success: false, remaining: 10 })
  })

  it('lets exactly `limit` of many parallel requests pass', async () => {
    const namespace = `ns.${randomToken(8)}`
    const responses = await Promise.all(
      Array.from({ length: 60 }, () =>
        limit({ namespace, identifier: 'hot', limit: 17, duration: LONG_WINDOW_MS }),
      ),
    )
    expect(responses.every((r) => r.response.status === 200)).toBe(true)
    expect(responses.filter((r) => r.data?.data.success).length).toBe(17)
    // Analytics rows are written in batches (AnalyticsBuffer): write them before reading the table.
    await t.service.deps.analytics?.flush()
    const decisions = await t.service.db.query<{ passed: boolean; n: unknown }>(
      `SELECT d.passed, count(*) AS n FROM ratelimit_decisions d JOIN ratelimit_namespaces n ON n.id = d.namespace_id
       WHERE n.name = $1 GROUP BY d.passed ORDER BY d.passed`,
      [namespace],
    )
    expect(decisions.map((d) => [d.passed, Number(d.n)])).toEqual([
      [false, 43],
      [true, 17],
    ])
  })

  it('applies an exact override, else the longest wildcard override, and names it', async () => {
    const namespace = `ns_${randomToken(8)}`
    await limit({ namespace, identifier: 'x', limit: 1, duration: LONG_WINDOW_MS })
    const wide = await t.client.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace, identifier: 'org_*', limit: 2, duration: LONG_WINDOW_MS },
    })
    const narrow = await t.client.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace, identifier: 'org_acme*', limit: 0, duration: LONG_WINDOW_MS },
    })
    const exact = await t.client.raw.POST('/v2/ratelimit.setOverride', {
      body: { namespace, identifier: 'org_acme_vip', limit: 5, duration: LONG_WINDOW_MS },
    })
    const globex = await limit({ namespace, identifier: 'org_globex', limit: 100, duration: LONG_WINDOW_MS })
    expect(globex.data?.data).toMatchObject({
      success: true,
      limit: 2,
      overrideId: wide.data?.data.overrideId,
    })
    const acme = await limit({ namespace, identifier: 'org_acme_2', limit: 100, duration: LONG_WINDOW_MS })
    expect(acme.data?.data).toMatchObject({
      success: false,
      limit: 0,
      overrideId: narrow.data?.data.overrideId,
    })
    const vip = await limit({ namespace, identifier: 'org_acme_vip', limit: 100, duration: LONG_WINDOW_MS })
    expect(vip.data?.data).toMatchObject({ success: true, limit: 5, overrideId: exact.data?.data.overrideId })
    const plain = await limit({ namespace, identifier: 'user_9', limit: 100, duration: LONG_WINDOW_MS })
    expect(plain.data?.data.overrideId).toBeUndefined()
  })

  it('creates a namespace on first use with create_namespace, and limits with a namespace-scoped key', async () => {
    const namespace = `ns_${randomToken(8)}`
    const creator = await t.key(['ratelimit.*.limit', 'ratelimit.*.create_namespace'])
    expect(
      (await limit({ namespace, identifier: 'a', limit: 1, duration: 1000 }, creator)).response.status,
    ).toBe(200)
    const [ns] = await t.service.db.query<{ id: string }>(
      'SELECT id FROM ratelimit_namespaces WHERE name = $1',
      [namespace],
    )
    const scoped = await t.key([`ratelimit.${ns?.id}.limit`])
    expect(
      (await limit({ namespace, identifier: 'b', limit: 1, duration: 1000 }, scoped)).response.status,
    ).toBe(200)
    const byName = await t.key([`ratelimit/${namespace}#limit`])
    expect(
      (await limit({ namespace, identifier: 'c', limit: 1, duration: 1000 }, byName)).response.status,
    ).toBe(200)
  })
})

// The override a check gets, decided with leases (the namespace's override table, in memory) and
// with CONTROL_RATELIMIT_LEASES=0 (the one SQL decision statement).
describe.each(
  testDatabaseKinds().flatMap((kind) => [
    { kind, mode: 'leases', ratelimitLeases: true },
    { kind, mode: 'one statement', ratelimitLeases: false },
  ]),
)('ratelimit.limit 200 wildcard overrides ($kind, $mode)', ({ kind, ratelimitLeases }) => {
  const t = useTestService({ kind, ratelimitLeases })
  const limit = (namespace: string, identifier: string) =>
    t.client.raw.POST('/v2/ratelimit.limit', {
      body: { namespace, identifier, limit: 100, duration: LONG_WINDOW_MS },
    })

  it('applies `*` anywhere in an override identifier, exact first, then the longest pattern', async () => {
    const namespace = `ns_${randomToken(8)}`
    await limit(namespace, 'warmup')
    const set = async (identifier: string, limit: number) => {
      const { data, response } = await t.client.raw.POST('/v2/ratelimit.setOverride', {
        body: { namespace, identifier, limit, duration: LONG_WINDOW_MS },
      })
      expect(response.status).toBe(200)
      return data?.data.overrideId
    }
    const admin = await set('*_admin', 2)
    const ops = await set('ops_*', 3)
    const root = await set('root_admin', 4)
    const suspicious = await set('*suspicious*', 0)
    const percent = await set('a%b*', 5)
    const underscore = await set('a_b*', 6)
    const expectations: Array<[string, number, string | undefined]> = [
      ['ops_admin', 2, admin], // `*_admin` is longer than `ops_*`
      ['ops_x', 3, ops],
      ['root_admin', 4, root], // the exact override beats the pattern
      ['a_suspicious_b', 0, suspicious],
      ['a%b1', 5, percent],
      ['axxb1', 100, undefined], // `%` is literal
      ['a_b1', 6, underscore],
      ['axb1', 100, undefined], // `_` is literal
      ['user_9', 100, undefined],
    ]
    for (const [identifier, applied, overrideId] of expectations) {
      const { data, response } = await limit(namespace, identifier)
      expect(response.status, identifier).toBe(200)
      expect(data?.data.limit, identifier).toBe(applied)
      expect(data?.data.overrideId, identifier).toBe(overrideId)
      expect(data?.data.success, identifier).toBe(applied > 0)
    }
  })
})
