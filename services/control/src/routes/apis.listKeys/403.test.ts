import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey } from '../../testing/keys-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apis.listKeys 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'apis.listKeys', () => ({ apiId: 'api_12345678' })))

  it('answers 403 to decrypt without decrypt_key, and for another API', async () => {
    const { apiId } = await newKey(t, { recoverable: true })
    const key = await t.key([`api.${apiId}.read_key`, 'api.api_other123.read_key'])
    expect((await call(t, 'apis.listKeys', { apiId }, key)).response.status).toBe(200)
    expect((await call(t, 'apis.listKeys', { apiId, decrypt: true }, key)).response.status).toBe(403)
    const other = await newKey(t)
    expect((await call(t, 'apis.listKeys', { apiId: other.apiId }, key)).response.status).toBe(403)
  })
})
