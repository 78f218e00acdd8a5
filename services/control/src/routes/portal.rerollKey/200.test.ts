import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.rerollKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("replaces one of the end user's keys; the old one stops at once", async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:reroll', 'keys:read'] })
    const old = user.keys[0]
    if (!old) throw new Error('fixture without keys')
    const { response, data } = await call(t, 'portal.rerollKey', { keyId: old.keyId, expiration: 0 }, token)
    expect(response.status).toBe(200)
    const next = data?.data as { keyId: string; key: string }
    expect(next.keyId).not.toBe(old.keyId)
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: old.key })).code).toBe('EXPIRED')
    const verified = await ok<{ code: string; identity?: { externalId: string } }>(t, 'keys.verifyKey', {
      key: next.key,
    })
    expect(verified.code).toBe('VALID')
    // The new key belongs to the same end user, so the portal lists it.
    expect(verified.identity?.externalId).toBe(user.externalId)
    const listed = await call(t, 'portal.listKeys', {}, token)
    expect(((listed.data?.data ?? []) as Array<{ keyId: string }>).map((k) => k.keyId)).toContain(next.keyId)
  })

  it('keeps the old key working for expiration milliseconds from now', async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:reroll'] })
    const old = user.keys[1]
    if (!old) throw new Error('fixture without keys')
    const before = Date.now()
    await ok(t, 'portal.rerollKey', { keyId: old.keyId, expiration: 3_600_000 }, token)
    const after = Date.now()
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: old.key })).code).toBe('VALID')
    const { expires } = await ok<{ expires?: number }>(t, 'keys.getKey', { keyId: old.keyId })
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000)
    expect(expires).toBeLessThanOrEqual(after + 3_600_000)
  })
})
