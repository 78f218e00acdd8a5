import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { foreignRootKey, newKey, ok } from '../../testing/keys-fixtures.js'
import { LONG_WINDOW_MS } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('keys.verifyKey concurrency and isolation (%s)', (kind) => {
  const t = useTestService({ kind })

  it('N parallel verifications of a key with K credits: exactly K are valid', async () => {
    const K = 7
    const N = 30
    const { key, keyId } = await newKey(t, { credits: { remaining: K } })
    const results = await Promise.all(
      Array.from({ length: N }, () => ok<{ valid: boolean; code: string }>(t, 'keys.verifyKey', { key })),
    )
    expect(results.filter((r) => r.valid)).toHaveLength(K)
    expect(results.filter((r) => r.code === 'USAGE_EXCEEDED')).toHaveLength(N - K)
    const rows = await t.service.db.query<{ credits_remaining: unknown }>(
      'SELECT credits_remaining FROM api_keys WHERE id = $1',
      [keyId],
    )
    expect(Number(rows[0]?.credits_remaining)).toBe(0)
    // Analytics rows are written in batches (AnalyticsBuffer): write them before reading the table.
    await t.service.deps.analytics?.flush()
    const log = await t.service.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM key_verifications WHERE key_id = $1',
      [keyId],
    )
    expect(Number(log[0]?.n)).toBe(N)
  })

  it('N parallel verifications of a key with a rate limit of L: exactly L are valid', async () => {
    const L = 11
    const N = 40
    const { key } = await newKey(t, {
      ratelimits: [{ name: 'burst', limit: L, duration: LONG_WINDOW_MS, autoApply: true }],
    })
    const results = await Promise.all(
      Array.from({ length: N }, () => ok<{ valid: boolean; code: string }>(t, 'keys.verifyKey', { key })),
    )
    expect(results.filter((r) => r.valid)).toHaveLength(L)
    expect(results.filter((r) => r.code === 'RATE_LIMITED')).toHaveLength(N - L)
  })

  it('a key of another workspace is NOT_FOUND, and its verification is not charged there', async () => {
    const theirs = await newKey(t, { credits: { remaining: 1 } }, await foreignRootKey(t))
    expect(await ok(t, 'keys.verifyKey', { key: theirs.key })).toEqual({ valid: false, code: 'NOT_FOUND' })
    const rows = await t.service.db.query<{ credits_remaining: unknown }>(
      'SELECT credits_remaining FROM api_keys WHERE id = $1',
      [theirs.keyId],
    )
    expect(Number(rows[0]?.credits_remaining)).toBe(1)
  })
})
