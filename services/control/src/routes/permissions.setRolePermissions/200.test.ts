import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.setRolePermissions 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('replaces the permissions of a role; keys with the role see the change', async () => {
    const tag = unique('srp')
    await ok(t, 'permissions.createPermission', { name: 'a', slug: `${tag}.a` })
    await ok(t, 'permissions.createPermission', { name: 'b', slug: `${tag}.b` })
    const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', {
      name: tag,
      permissions: [`${tag}.a`],
    })
    const { key } = await newKey(t, { roles: [tag] })
    const data = await ok<Array<{ slug: string }>>(t, 'permissions.setRolePermissions', {
      roleId,
      permissions: [`${tag}.b`],
    })
    expect(data.map((p) => p.slug)).toEqual([`${tag}.b`])
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${tag}.a` })).code).toBe(
      'INSUFFICIENT_PERMISSIONS',
    )
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${tag}.b` })).code).toBe(
      'VALID',
    )
  })

  it('creates the missing permissions it names for a root key with rbac.*.create_permission', async () => {
    const tag = unique('srpn')
    await ok(t, 'permissions.createPermission', { name: 'a', slug: `${tag}.a` })
    const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', { name: tag })
    const { key } = await newKey(t, { roles: [tag] })
    const caller = await t.key(['rbac.*.update_role', 'rbac.*.create_permission'])
    const data = await ok<Array<{ slug: string; name: string }>>(
      t,
      'permissions.setRolePermissions',
      { roleId, permissions: [`${tag}.a`, `${tag}.new`] },
      caller,
    )
    expect(data.map((p) => p.slug)).toEqual([`${tag}.a`, `${tag}.new`])
    expect(
      (await ok<{ slug: string }>(t, 'permissions.getPermission', { permission: `${tag}.new` })).slug,
    ).toBe(`${tag}.new`)
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${tag}.new` })).code).toBe(
      'VALID',
    )
  })
})
