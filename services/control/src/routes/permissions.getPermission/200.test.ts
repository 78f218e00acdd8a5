import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.getPermission 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('is granted by rbac read_permission in either notation', async () => {
    const slug = `${unique('p')}.r`
    await ok(t, 'permissions.createPermission', { name: 'r', slug })
    const key = await t.key(['rbac/*#read_permission'])
    expect((await call(t, 'permissions.getPermission', { permission: slug }, key)).response.status).toBe(200)
    expect(
      (await call(t, 'permissions.getPermission', { permission: slug }, await foreignRootKey(t))).response
        .status,
    ).toBe(404)
  })
})
