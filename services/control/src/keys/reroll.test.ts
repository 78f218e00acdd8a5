import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { type TestService, useTestService } from '../testing/harness.js'
import { call, newKey, ok, type RawResult } from '../testing/keys-fixtures.js'
import { portalToken } from '../testing/portal-fixtures.js'

const PARALLEL = 20

/** The keys of `apiId` that still verify: not deleted, not expired. */
async function liveKeys(t: TestService, apiId: string): Promise<string[]> {
  const keys = await ok<Array<{ keyId: string; expires?: number }>>(t, 'apis.listKeys', { apiId, limit: 100 })
  const now = Date.now()
  return keys.filter((k) => k.expires === undefined || k.expires > now).map((k) => k.keyId)
}

const statuses = (results: readonly RawResult[]) => results.map((r) => r.response.status).sort()

/** Every refused reroll is the documented 404 of a key that cannot be rerolled, in the API's error format. */
function expectRefusedAsNotFound(results: readonly RawResult[]) {
  for (const refused of results.filter((r) => r.response.status !== 200)) {
    expect(refused.response.status).toBe(404)
    expect(refused.error?.error).toMatchObject({ status: 404, type: expect.stringMatching(/key_not_found$/) })
  }
}

describe.each(testDatabaseKinds())('rerolling a key (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['revoking the old key at once', () => 0],
    ['keeping the old key for a grace period', () => 3_600_000],
  ])(`lets one of ${PARALLEL} concurrent rerolls through when %s`, async (_, expiration) => {
    const old = await newKey(t)
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t, 'keys.rerollKey', { keyId: old.keyId, expiration: expiration() }),
      ),
    )
    expect(statuses(results)).toEqual([200, ...Array(PARALLEL - 1).fill(404)])
    expectRefusedAsNotFound(results)
    const winner = results.find((r) => r.response.status === 200)?.data?.data as {
      keyId: string
      key: string
    }
    const live = await liveKeys(t, old.apiId)
    expect(live).toContain(winner.keyId)
    expect(live.filter((id) => id !== old.keyId)).toEqual([winner.keyId])
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: winner.key })).code).toBe('VALID')
  })

  it('refuses to reroll a key again once it was rerolled, with or without a grace period', async () => {
    for (const expiration of [0, 3_600_000]) {
      const old = await newKey(t)
      const first = await ok<{ keyId: string }>(t, 'keys.rerollKey', { keyId: old.keyId, expiration })
      const again = await call(t, 'keys.rerollKey', { keyId: old.keyId, expiration })
      expect(again.response.status).toBe(404)
      expect(again.error?.error.detail).toMatch(/already been rerolled or has expired/)
      // The replacement, not the old key, is what a further rotation rerolls.
      await ok(t, 'keys.rerollKey', { keyId: first.keyId, expiration: 0 })
    }
  })

  it('keeps the original expiry for the replacement, not the grace period of the old key', async () => {
    const expires = Date.now() + 86_400_000
    const old = await newKey(t, { expires })
    const next = await ok<{ keyId: string }>(t, 'keys.rerollKey', { keyId: old.keyId, expiration: 3_600_000 })
    expect((await ok<{ expires?: number }>(t, 'keys.getKey', { keyId: next.keyId })).expires).toBe(expires)
  })

  it('never keeps the old key past its own expiry, whatever the grace period', async () => {
    const expires = Date.now() + 3_600_000
    const old = await newKey(t, { expires })
    await ok(t, 'keys.rerollKey', { keyId: old.keyId, expiration: 86_400_000 })
    expect((await ok<{ expires?: number }>(t, 'keys.getKey', { keyId: old.keyId })).expires).toBe(expires)
  })

  it('refuses to reroll an expired key', async () => {
    const old = await newKey(t)
    await t.service.db.query('UPDATE api_keys SET expires_at = $2 WHERE id = $1', [old.keyId, Date.now() - 1])
    const result = await call(t, 'keys.rerollKey', { keyId: old.keyId, expiration: 0 })
    expect(result.response.status).toBe(404)
    expect(await liveKeys(t, old.apiId)).toEqual([])
  })

  it(`lets one of ${PARALLEL} concurrent portal rerolls through`, async () => {
    const { token, user } = await portalToken(t, { scopes: ['keys:reroll'] })
    const old = user.keys[0]
    if (!old) throw new Error('fixture without keys')
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t, 'portal.rerollKey', { keyId: old.keyId, expiration: 0 }, token),
      ),
    )
    expect(statuses(results)).toEqual([200, ...Array(PARALLEL - 1).fill(404)])
    expectRefusedAsNotFound(results)
  })
})
