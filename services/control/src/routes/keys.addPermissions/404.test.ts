import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { whileDeleted } from '../../testing/concurrent-delete.js'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.addPermissions 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown and foreign keys', async () => {
    expect(
      (await call(t, 'keys.addPermissions', { keyId: 'key_unknown12345', permissions: ['a.b'] })).response
        .status,
    ).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect(
      (await call(t, 'keys.addPermissions', { keyId: theirs.keyId, permissions: ['a.b'] })).response.status,
    ).toBe(404)
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'keys.addPermissions 404 (postgres, concurrent deletion)',
  () => {
    const t = useTestService({ kind: 'postgres' })
    it('answers 404 when the key is erased while permissions are added to it', async () => {
      const { keyId } = await newKey(t)
      const { response } = await whileDeleted(t, 'api_keys', keyId, () =>
        call(t, 'keys.addPermissions', { keyId, permissions: ['documents.read'] }),
      )
      expect(response.status).toBe(404)
    })
  },
)
