import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.deleteKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown and foreign keys and leaves those alone', async () => {
    expect((await call(t, 'keys.deleteKey', { keyId: 'key_unknown12345' })).response.status).toBe(404)
    const foreign = await foreignRootKey(t)
    const theirs = await newKey(t, {}, foreign)
    expect((await call(t, 'keys.deleteKey', { keyId: theirs.keyId })).response.status).toBe(404)
    expect((await call(t, 'keys.getKey', { keyId: theirs.keyId }, foreign)).response.status).toBe(200)
  })
})
