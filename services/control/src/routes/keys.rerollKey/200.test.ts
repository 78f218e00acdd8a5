import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.rerollKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('issues a new key with the same settings and expires the old one', async () => {
    const old = await newKey(t, {
      prefix: 'rr',
      name: 'rotating',
      permissions: ['r.read'],
      credits: { remaining: 7 },
      recoverable: true,
    })
    const next = await ok<{ keyId: string; key: string }>(t, 'keys.rerollKey', {
      keyId: old.keyId,
      expiration: 0,
    })
    expect(next.key).toMatch(/^rr_/)
    expect(next.keyId).not.toBe(old.keyId)
    const data = await ok<Record<string, unknown>>(t, 'keys.getKey', { keyId: next.keyId, decrypt: true })
    expect(data).toMatchObject({
      name: 'rotating',
      permissions: ['r.read'],
      credits: { remaining: 7 },
      plaintext: next.key,
    })
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: old.key })).code).toBe('EXPIRED')
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: next.key })).code).toBe('VALID')
  })

  it('keeps the old key working for expiration milliseconds from now', async () => {
    const old = await newKey(t)
    const before = Date.now()
    await ok(t, 'keys.rerollKey', { keyId: old.keyId, expiration: 3_600_000 })
    const after = Date.now()
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: old.key })).code).toBe('VALID')
    // A duration, as the real API's SDK documents it, not a Unix time.
    const { expires } = await ok<{ expires?: number }>(t, 'keys.getKey', { keyId: old.keyId })
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000)
    expect(expires).toBeLessThanOrEqual(after + 3_600_000)
  })
})
