import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'
import { LONG_WINDOW_MS } from '../../testing/ratelimit-fixtures.js'

interface Verified {
  valid: boolean
  code: string
  credits?: number
  ratelimits?: Array<{ exceeded: boolean; remaining: number; name: string }>
}

describe.each(testDatabaseKinds())('keys.verifyKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  const verify = (body: Record<string, unknown>) => ok<Verified>(t, 'keys.verifyKey', body)

  it('answers NOT_FOUND for an unknown key and records it', async () => {
    const tag = unique('tag')
    expect(await verify({ key: 'nope_123456789', tags: [tag] })).toEqual({ valid: false, code: 'NOT_FOUND' })
    // Analytics rows are written in batches (AnalyticsBuffer): write them before reading the table.
    await t.service.deps.analytics?.flush()
    const rows = await t.service.db.query<{ outcome: string; key_id: string | null }>(
      'SELECT outcome, key_id FROM key_verifications WHERE $1 = ANY(tags)',
      [tag],
    )
    expect(rows).toEqual([{ outcome: 'NOT_FOUND', key_id: null }])
  })

  it('answers DISABLED, EXPIRED and NOT_FOUND after deletion', async () => {
    const disabled = await newKey(t, { enabled: false })
    expect((await verify({ key: disabled.key })).code).toBe('DISABLED')
    const expired = await newKey(t, { expires: Date.now() - 1000 })
    expect((await verify({ key: expired.key })).code).toBe('EXPIRED')
    const deleted = await newKey(t)
    await ok(t, 'keys.deleteKey', { keyId: deleted.keyId })
    expect((await verify({ key: deleted.key })).code).toBe('NOT_FOUND')
  })

  it('checks a permission query', async () => {
    const p = unique('doc')
    const { key } = await newKey(t, { permissions: [`${p}.read`, `${p}.write`] })
    expect((await verify({ key, permissions: `${p}.read AND ${p}.write` })).code).toBe('VALID')
    expect((await verify({ key, permissions: `${p}.admin OR (${p}.read AND ${p}.write)` })).code).toBe(
      'VALID',
    )
    const denied = await verify({ key, permissions: `${p}.read AND ${p}.admin` })
    expect(denied).toMatchObject({ valid: false, code: 'INSUFFICIENT_PERMISSIONS' })
  })

  it('spends credits and answers USAGE_EXCEEDED when they run out', async () => {
    const { key } = await newKey(t, { credits: { remaining: 3 } })
    expect(await verify({ key, credits: { cost: 2 } })).toMatchObject({ valid: true, credits: 1 })
    expect(await verify({ key, credits: { cost: 2 } })).toMatchObject({
      valid: false,
      code: 'USAGE_EXCEEDED',
    })
    expect(await verify({ key })).toMatchObject({ valid: true, credits: 0 })
    expect(await verify({ key })).toMatchObject({ valid: false, code: 'USAGE_EXCEEDED' })
  })

  it('refills credits that are due', async () => {
    const { key, keyId } = await newKey(t, {
      credits: { remaining: 0, refill: { interval: 'daily', amount: 5 } },
    })
    await t.service.db.query('UPDATE api_keys SET last_refill_at = 0 WHERE id = $1', [keyId])
    expect(await verify({ key })).toMatchObject({ valid: true, credits: 4 })
  })

  it('applies rate limits of the key and answers RATE_LIMITED', async () => {
    const { key } = await newKey(t, {
      ratelimits: [{ name: 'requests', limit: 2, duration: LONG_WINDOW_MS, autoApply: true }],
    })
    const first = await verify({ key })
    expect(first.ratelimits?.[0]).toMatchObject({ name: 'requests', exceeded: false, remaining: 1 })
    await verify({ key })
    expect(await verify({ key })).toMatchObject({ valid: false, code: 'RATE_LIMITED' })
  })

  it('shares the rate limits of an identity between its keys', async () => {
    const externalId = unique('limited')
    await ok(t, 'identities.createIdentity', {
      externalId,
      ratelimits: [{ name: 'shared', limit: 1, duration: LONG_WINDOW_MS, autoApply: true }],
    })
    const a = await newKey(t, { externalId })
    const b = await newKey(t, { externalId, apiId: a.apiId })
    expect((await verify({ key: a.key })).code).toBe('VALID')
    expect((await verify({ key: b.key })).code).toBe('RATE_LIMITED')
  })

  it('records each verification with its key, API, identity and tags', async () => {
    const externalId = unique('owner')
    const { key, keyId, apiId } = await newKey(t, { externalId })
    await verify({ key, tags: ['path=/v1/x'] })
    // Analytics rows are written in batches (AnalyticsBuffer): write them before reading the table.
    await t.service.deps.analytics?.flush()
    const rows = await t.service.db.query<Record<string, unknown>>(
      'SELECT workspace_id, api_id, outcome, tags, region, identity_id IS NOT NULL AS has_identity FROM key_verifications WHERE key_id = $1',
      [keyId],
    )
    expect(rows).toEqual([
      {
        workspace_id: 'ws_local',
        api_id: apiId,
        outcome: 'VALID',
        tags: ['path=/v1/x'],
        region: 'local',
        has_identity: true,
      },
    ])
  })
})
