import { eventually, sha256, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newApi, newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.createKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('issues a key with a prefix that verifies, storing only its hash', async () => {
    const { keyId, key } = await newKey(t, { prefix: 'acme', name: 'Backend', byteLength: 24 })
    expect(key).toMatch(/^acme_[1-9A-HJ-NP-Za-km-z]+$/)
    const rows = await t.service.db.query<{ hash: string; start: string; encrypted: string | null }>(
      'SELECT hash, start, encrypted FROM api_keys WHERE id = $1',
      [keyId],
    )
    expect(rows[0]).toEqual({ hash: sha256(key), start: key.slice(0, 9), encrypted: null })
    const all = JSON.stringify(await t.service.db.query('SELECT * FROM api_keys WHERE id = $1', [keyId]))
    expect(all).not.toContain(key)
    const verified = await ok<{ valid: boolean; keyId: string; name: string }>(t, 'keys.verifyKey', { key })
    expect(verified).toMatchObject({ valid: true, keyId, name: 'Backend' })
  })

  it('stores every option and shows it in getKey', async () => {
    const externalId = unique('customer')
    const { keyId } = await newKey(t, {
      name: 'Full',
      externalId,
      meta: { plan: 'pro' },
      expires: 4_000_000_000_000,
      enabled: false,
      credits: { remaining: 10, refill: { interval: 'monthly', amount: 100, refillDay: 15 } },
      ratelimits: [{ name: 'requests', limit: 10, duration: 60_000, autoApply: true }],
      permissions: ['documents.read'],
    })
    const data = await ok<Record<string, unknown>>(t, 'keys.getKey', { keyId })
    expect(data).toMatchObject({
      keyId,
      name: 'Full',
      enabled: false,
      meta: { plan: 'pro' },
      expires: 4_000_000_000_000,
      credits: { remaining: 10, refill: { interval: 'monthly', amount: 100, refillDay: 15 } },
      permissions: ['documents.read'],
      roles: [],
      identity: { externalId },
      ratelimits: [{ name: 'requests', limit: 10, duration: 60_000, autoApply: true }],
    })
  })

  it('shares one identity between the keys of an externalId', async () => {
    const externalId = unique('shared')
    const a = await newKey(t, { externalId })
    const b = await newKey(t, { externalId })
    const ia = (await ok<{ identity: { id: string } }>(t, 'keys.getKey', { keyId: a.keyId })).identity
    const ib = (await ok<{ identity: { id: string } }>(t, 'keys.getKey', { keyId: b.keyId })).identity
    expect(ia.id).toBe(ib.id)
    const identity = await ok<{ externalId: string }>(t, 'identities.getIdentity', { identity: externalId })
    expect(identity.externalId).toBe(externalId)
  })

  it('assigns existing roles', async () => {
    const role = unique('editor')
    await ok(t, 'permissions.createPermission', { name: 'w', slug: `${role}.write` })
    await ok(t, 'permissions.createRole', { name: role, permissions: [`${role}.write`] })
    const { keyId, key } = await newKey(t, { roles: [role] })
    expect((await ok<{ roles: string[] }>(t, 'keys.getKey', { keyId })).roles).toEqual([role])
    const v = await ok<{ permissions: string[] }>(t, 'keys.verifyKey', { key, permissions: `${role}.write` })
    expect(v.permissions).toEqual([`${role}.write`])
  })

  it('is granted by create_key on the API alone', async () => {
    const apiId = await newApi(t)
    const key = await t.key([`api.${apiId}.create_key`])
    expect((await call(t, 'keys.createKey', { apiId }, key)).response.status).toBe(200)
  })

  it('creates missing permissions without rbac.*.create_permission (the SDK sets no condition)', async () => {
    const apiId = await newApi(t)
    const key = await t.key([`api.${apiId}.create_key`])
    const slug = `${unique('p')}.read`
    expect((await call(t, 'keys.createKey', { apiId, permissions: [slug] }, key)).response.status).toBe(200)
    expect((await ok<{ slug: string }>(t, 'permissions.getPermission', { permission: slug })).slug).toBe(slug)
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'keys.createKey 200 (postgres, concurrent deletion)',
  () => {
    const t = useTestService({ kind: 'postgres', faulty: true })
    it('links the key to an existing identity that another request deletes meanwhile (no 500)', async () => {
      const externalId = unique('leaving')
      const { identityId } = await ok<{ identityId: string }>(t, 'identities.createIdentity', { externalId })
      const marker = unique('delete')
      let deleting: Promise<unknown> | undefined
      // Between the identity's lookup and the key's INSERT, another connection deletes the identity.
      t.faults.beforeStatement(/INSERT INTO api_keys/, async () => {
        let done = false
        deleting = t.service.db
          .query(`DELETE FROM identities WHERE id = $1 /* ${marker} */`, [identityId])
          .finally(() => {
            done = true
          })
        await eventually(async () => {
          if (done) return true
          const waiting = await t.service.db.query(
            "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
            [`%${marker}%`],
          )
          return waiting.length > 0
        })
      })
      const apiId = await newApi(t)
      const errorsBefore = t.unexpectedErrors.length
      const { response } = await call(t, 'keys.createKey', { apiId, externalId }).finally(() =>
        t.faults.heal(),
      )
      await deleting
      expect(t.unexpectedErrors.slice(errorsBefore)).toEqual([])
      expect(response.status).toBe(200)
    })
  },
)
