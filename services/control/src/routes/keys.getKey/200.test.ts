import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.getKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('decrypts a recoverable key only when asked and allowed', async () => {
    const { keyId, key, apiId } = await newKey(t, { recoverable: true, name: 'r' })
    const plain = await ok<{ plaintext?: string; start: string }>(t, 'keys.getKey', { keyId })
    expect(plain.plaintext).toBeUndefined()
    expect(key.startsWith(plain.start)).toBe(true)
    const decryptor = await t.key([`api.${apiId}.read_key`, `api/${apiId}#decrypt_key`])
    expect(
      (await ok<{ plaintext?: string }>(t, 'keys.getKey', { keyId, decrypt: true }, decryptor)).plaintext,
    ).toBe(key)
    const stored = await t.service.db.query<{ encrypted: string }>(
      'SELECT encrypted FROM api_keys WHERE id = $1',
      [keyId],
    )
    expect(stored[0]?.encrypted).toMatch(/^v1\./)
    expect(stored[0]?.encrypted).not.toContain(key)
  })

  it('returns no plaintext for a key that is not recoverable', async () => {
    const { keyId } = await newKey(t)
    expect(
      (await ok<{ plaintext?: string }>(t, 'keys.getKey', { keyId, decrypt: true })).plaintext,
    ).toBeUndefined()
  })
})
