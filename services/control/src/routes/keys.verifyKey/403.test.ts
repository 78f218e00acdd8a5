import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey } from '../../testing/keys-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.verifyKey 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'keys.verifyKey', () => ({ key: 'sk_123' })))

  it('answers 403 for a key of an API the root key may not verify', async () => {
    const { key, apiId } = await newKey(t)
    const other = await t.key(['api.api_elsewhere1.verify_key'])
    expect((await call(t, 'keys.verifyKey', { key }, other)).response.status).toBe(403)
    const scoped = await t.key([`api/${apiId}#verify_key`])
    expect((await call(t, 'keys.verifyKey', { key }, scoped)).response.status).toBe(200)
  })
})
