/**
 * The hot-path caches against a second service instance on the same database (two processes in
 * production; here a second in-process service sharing the database object, with caches of its
 * own). Writes are seen at once by the instance that made them and within the documented TTLs
 * (key snapshots 1 s, root keys 2 s) by the other; credits stay exact across both.
 */
import { validatingFetch } from '@apiplatform/contract'
import { createControlClient } from '@apiplatform/control-client'
import { sha256, testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, type RunningService } from './service.js'
import { eventually, ROOT_KEY, useTestService, validator } from './testing/harness.js'
import { call, newKey, ok } from './testing/keys-fixtures.js'

const KEY_TTL_MS = 1000
const ROOT_KEY_TTL_MS = 2000

/**
 * Polls until `fresh` holds and returns when the last request that still saw the old state was
 * sent. That bounds the TTL however slowly a loaded machine answers: a request sent a TTL after the
 * write must see it, since its handler runs later still.
 */
async function lastStaleSent(fresh: () => Promise<boolean>): Promise<number> {
  let last = Number.NEGATIVE_INFINITY
  await eventually(async () => {
    const sent = Date.now()
    if (await fresh()) return true
    last = sent
    return false
  }, 20_000)
  return last
}

describe.each(testDatabaseKinds())('caches across two instances on one database (%s)', (kind) => {
  const t = useTestService({ kind })
  let other: RunningService
  const onOther = (operationId: string, body: unknown, key = ROOT_KEY) => {
    const client = createControlClient({
      baseUrl: other.url,
      rootKey: key,
      // The harness's validator: a new one would compile the spec's schemas again on every call.
      fetch: validatingFetch(validator, globalThis.fetch),
      retry: false,
    })
    return (client.raw.POST as (path: string, init: { body: unknown }) => Promise<unknown>)(
      `/v2/${operationId}`,
      {
        body,
      },
    ) as Promise<{ response: Response; data?: { data?: Record<string, unknown> } }>
  }

  beforeAll(async () => {
    other = await createService({ database: t.service.db, rootKey: ROOT_KEY, seed: false, jobPollMs: 1000 })
  })
  afterAll(async () => {
    await other?.stop()
  })

  it('a key deleted on one instance stops verifying there at once, and on the other within the TTL', async () => {
    const { key, keyId } = await newKey(t)
    expect((await onOther('keys.verifyKey', { key })).data?.data?.code).toBe('VALID')
    await ok(t, 'keys.deleteKey', { keyId })
    const deleted = Date.now()
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key })).code).toBe('NOT_FOUND')
    const stale = await lastStaleSent(
      async () => (await onOther('keys.verifyKey', { key })).data?.data?.code === 'NOT_FOUND',
    )
    expect(stale).toBeLessThan(deleted + KEY_TTL_MS)
  })

  it('a root key revoked in the database is refused within the root-key TTL', async () => {
    const rootKey = await t.key(['api.*.verify_key'])
    const { key } = await newKey(t)
    expect((await call(t, 'keys.verifyKey', { key }, rootKey)).response.status).toBe(200)
    expect((await onOther('keys.verifyKey', { key }, rootKey)).response.status).toBe(200)
    await t.service.db.query('UPDATE root_keys SET revoked_at = $1 WHERE hash = $2', [
      Date.now(),
      sha256(rootKey),
    ])
    const revoked = Date.now()
    const stale = await Promise.all([
      lastStaleSent(async () => (await call(t, 'keys.verifyKey', { key }, rootKey)).response.status === 401),
      lastStaleSent(async () => (await onOther('keys.verifyKey', { key }, rootKey)).response.status === 401),
    ])
    expect(Math.max(...stale)).toBeLessThan(revoked + ROOT_KEY_TTL_MS)
  })

  it('credits stay exact when both instances verify one key concurrently', async () => {
    const { key } = await newKey(t, { credits: { remaining: 9 } })
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? call(t, 'keys.verifyKey', { key }).then((r) => r.data?.data as { valid: boolean })
          : onOther('keys.verifyKey', { key }).then((r) => r.data?.data as unknown as { valid: boolean }),
      ),
    )
    expect(results.filter((r) => r.valid)).toHaveLength(9)
  })
})
