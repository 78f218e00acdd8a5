import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.deleteKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('soft-deletes by default and erases with permanent', async () => {
    const soft = await newKey(t)
    expect(await ok(t, 'keys.deleteKey', { keyId: soft.keyId })).toEqual({})
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key: soft.key })).code).toBe('NOT_FOUND')
    const kept = await t.service.db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM api_keys WHERE id = $1',
      [soft.keyId],
    )
    expect(kept).toEqual([{ deleted: true }])
    const hard = await newKey(t)
    await ok(t, 'keys.deleteKey', { keyId: hard.keyId, permanent: true })
    expect(await t.service.db.query('SELECT 1 FROM api_keys WHERE id = $1', [hard.keyId])).toHaveLength(0)
  })
})
