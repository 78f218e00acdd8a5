import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { insertVerifications } from '../../testing/analytics-rows.js'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('analytics.getVerifications 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('runs the documented example query over the workspace own events only', async () => {
    const ws = await t.workspace()
    const key = await t.key(['api.*.read_analytics'], { workspaceId: ws })
    const other = await t.workspace()
    const day = Date.UTC(2026, 0, 1)
    const now = Date.now()
    await insertVerifications(t.service.db, ws, [
      { keyId: 'key_a', outcome: 'VALID', at: now - 1000 },
      { keyId: 'key_a', outcome: 'VALID', at: now - 2000 },
      { keyId: 'key_b', outcome: 'RATE_LIMITED', at: now - 3000 },
      { keyId: 'key_b', outcome: 'VALID', at: day - 86_400_000 * 30 },
    ])
    await insertVerifications(t.service.db, other, [{ keyId: 'key_secret', outcome: 'VALID', at: now }])
    const c = t.clientFor(key)
    const example = await c.raw.POST('/v2/analytics.getVerifications', {
      body: {
        query:
          "SELECT toStartOfDay(time) AS day, countIf(outcome = 'VALID') AS valid, countIf(outcome = 'RATE_LIMITED') AS rateLimited FROM key_verifications WHERE time > now() - INTERVAL 7 DAY GROUP BY day ORDER BY day",
      },
    })
    expect(example.response.status).toBe(200)
    const rows = example.data?.data as Array<Record<string, unknown>>
    expect(rows.reduce((n, r) => n + Number(r.valid), 0)).toBe(2)
    expect(rows.reduce((n, r) => n + Number(r.rateLimited ?? r.ratelimited), 0)).toBe(1)
    const all = await c.raw.POST('/v2/analytics.getVerifications', {
      body: { query: 'SELECT key_id, count(*) AS n FROM key_verifications GROUP BY key_id ORDER BY key_id' },
    })
    expect(all.data?.data).toEqual([
      { key_id: 'key_a', n: 2 },
      { key_id: 'key_b', n: 2 },
    ])
  })

  it('caps the number of rows', async () => {
    const ws = await t.workspace()
    const key = await t.key(['api.*.read_analytics'], { workspaceId: ws })
    await insertVerifications(
      t.service.db,
      ws,
      Array.from({ length: 3 }, (_, i) => ({
        keyId: `key_${randomToken(4)}`,
        outcome: 'VALID',
        at: Date.now() - i,
      })),
    )
    const { data } = await t.clientFor(key).raw.POST('/v2/analytics.getVerifications', {
      body: { query: 'SELECT key_id FROM key_verifications LIMIT 2' },
    })
    expect(data?.data).toHaveLength(2)
  })
})
