import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey } from '../../testing/keys-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.getKey 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'keys.getKey', () => ({ keyId: 'key_1234567890abcd' })))

  it('answers 403 to decrypt without decrypt_key, and to a key of another API', async () => {
    const { keyId, apiId } = await newKey(t, { recoverable: true })
    const reader = await t.key([`api.${apiId}.read_key`])
    expect((await call(t, 'keys.getKey', { keyId }, reader)).response.status).toBe(200)
    expect((await call(t, 'keys.getKey', { keyId, decrypt: true }, reader)).response.status).toBe(403)
    const elsewhere = await t.key(['api.api_other123.read_key'])
    expect((await call(t, 'keys.getKey', { keyId }, elsewhere)).response.status).toBe(403)
  })
})
