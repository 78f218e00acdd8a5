import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.deleteApi 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('deletes the API with its keys, which stop verifying', async () => {
    const { apiId, key, keyId } = await newKey(t)
    expect(await ok(t, 'apis.deleteApi', { apiId })).toEqual({})
    expect((await call(t, 'apis.getApi', { apiId })).response.status).toBe(404)
    expect((await call(t, 'keys.getKey', { keyId })).response.status).toBe(404)
    expect(await ok(t, 'keys.verifyKey', { key })).toEqual({ valid: false, code: 'NOT_FOUND' })
  })
})
