import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from '../../testing/harness.js'
import { call, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('portal.rerollKey 401 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each([null, 'pst_not_a_token_we_issued', ROOT_KEY])('answers 401 for credential %s', async (token) => {
    const { keyId, key } = await newKey(t)
    const { response } = await call(t, 'portal.rerollKey', { keyId, expiration: 0 }, token)
    expect(response.status).toBe(401)
    // Nothing was rerolled.
    const verified = await call(t, 'keys.verifyKey', { key })
    expect((verified.data?.data as { code: string } | undefined)?.code).toBe('VALID')
  })
})
