import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.rerollKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown and foreign keys', async () => {
    expect(
      (await call(t, 'keys.rerollKey', { keyId: 'key_unknown12345', expiration: 0 })).response.status,
    ).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect((await call(t, 'keys.rerollKey', { keyId: theirs.keyId, expiration: 0 })).response.status).toBe(
      404,
    )
  })
})
