import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.deleteIdentity 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('deletes the identity; its keys keep working, unlinked', async () => {
    const externalId = unique('user')
    const { key, keyId } = await newKey(t, { externalId })
    const result = await ok(t, 'identities.deleteIdentity', { identity: externalId })
    expect(result).toBeUndefined()
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key })).code).toBe('VALID')
    expect((await ok<{ identity?: unknown }>(t, 'keys.getKey', { keyId })).identity).toBeUndefined()
  })
})
