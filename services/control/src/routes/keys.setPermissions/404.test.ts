import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.setPermissions 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown and foreign keys', async () => {
    expect(
      (await call(t, 'keys.setPermissions', { keyId: 'key_unknown12345', permissions: ['a.b'] })).response
        .status,
    ).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect(
      (await call(t, 'keys.setPermissions', { keyId: theirs.keyId, permissions: ['a.b'] })).response.status,
    ).toBe(404)
  })
})
