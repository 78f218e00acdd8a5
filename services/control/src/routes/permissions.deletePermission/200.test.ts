import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.deletePermission 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('deletes it and removes it from keys and roles', async () => {
    const slug = `${unique('p')}.gone`
    const { keyId, key } = await newKey(t, { permissions: [slug] })
    expect(await ok(t, 'permissions.deletePermission', { permission: slug })).toEqual({})
    expect((await call(t, 'permissions.getPermission', { permission: slug })).response.status).toBe(404)
    expect((await ok<{ permissions: string[] }>(t, 'keys.getKey', { keyId })).permissions).toEqual([])
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: slug })).code).toBe(
      'INSUFFICIENT_PERMISSIONS',
    )
  })
})
