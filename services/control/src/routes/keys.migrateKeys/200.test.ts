import { createHash } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newApi, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.migrateKeys 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  const migration = async (algorithm: string) => {
    const id = unique('mig')
    await t.service.db.query(
      'INSERT INTO key_migrations (id, workspace_id, algorithm, created_at) VALUES ($1, $2, $3, $4)',
      [id, 'ws_local', algorithm, Date.now()],
    )
    return id
  }

  it('imports keys by their hash, stores the hash as given, and they verify', async () => {
    const apiId = await newApi(t)
    const migrationId = await migration('sha256')
    const secret = unique('legacy_key')
    const hash = createHash('sha256').update(secret).digest('hex')
    const data = await ok<{ migrated: Array<{ hash: string; keyId: string }>; failed: string[] }>(
      t,
      'keys.migrateKeys',
      {
        migrationId,
        apiId,
        keys: [{ hash, name: 'legacy', credits: { remaining: 2 } }, { hash }],
      },
    )
    expect(data.migrated).toHaveLength(1)
    expect(data.failed).toEqual([hash])
    const stored = await t.service.db.query<{ hash: string }>('SELECT hash FROM api_keys WHERE id = $1', [
      data.migrated[0]?.keyId,
    ])
    expect(stored[0]?.hash).toBe(hash)
    expect(await ok(t, 'keys.verifyKey', { key: secret })).toMatchObject({
      valid: true,
      name: 'legacy',
      credits: 1,
    })
  })

  it('verifies keys of a base64 migration when the migrationId is given', async () => {
    const apiId = await newApi(t)
    const migrationId = await migration('sha256_base64')
    const secret = unique('b64_key')
    const hash = createHash('sha256').update(secret).digest('base64')
    await ok(t, 'keys.migrateKeys', { migrationId, apiId, keys: [{ hash }] })
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: secret })).code).toBe('NOT_FOUND')
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: secret, migrationId })).code).toBe('VALID')
  })
})
