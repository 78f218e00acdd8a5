import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.getKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown, deleted and foreign keys', async () => {
    expect((await call(t, 'keys.getKey', { keyId: 'key_unknown12345' })).response.status).toBe(404)
    const deleted = await newKey(t)
    await call(t, 'keys.deleteKey', { keyId: deleted.keyId })
    expect((await call(t, 'keys.getKey', { keyId: deleted.keyId })).response.status).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    const { response, error } = await call(t, 'keys.getKey', { keyId: theirs.keyId })
    expect(response.status).toBe(404)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/key_not_found')
  })
})
