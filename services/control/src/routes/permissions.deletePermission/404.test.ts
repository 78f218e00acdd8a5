import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.deletePermission 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown permission and for one of another workspace', async () => {
    expect(
      (await call(t, 'permissions.deletePermission', { permission: 'no.such.permission' })).response.status,
    ).toBe(404)
    const foreign = await foreignRootKey(t)
    const slug = `${unique('theirs')}.x`
    await ok(t, 'permissions.createPermission', { name: 'x', slug }, foreign)
    expect((await call(t, 'permissions.deletePermission', { permission: slug })).response.status).toBe(404)
    expect((await call(t, 'permissions.getPermission', { permission: slug }, foreign)).response.status).toBe(
      200,
    )
  })
})
