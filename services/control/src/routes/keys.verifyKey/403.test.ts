import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call, it403, newKey } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.verifyKey 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'keys.verifyKey', () => ({ key: 'sk_123' }))

  it('answers 403 for a key of an API the root key may not verify', async () => {
    const { key, apiId } = await newKey(t)
    const other = await t.key(['api.api_elsewhere1.verify_key'])
    expect((await call(t, 'keys.verifyKey', { key }, other)).response.status).toBe(403)
    const scoped = await t.key([`api/${apiId}#verify_key`])
    expect((await call(t, 'keys.verifyKey', { key }, scoped)).response.status).toBe(200)
  })
})
