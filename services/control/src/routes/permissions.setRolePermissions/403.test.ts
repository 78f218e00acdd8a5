import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { whileDeleted } from '../../testing/concurrent-delete.js'
import { useTestService } from '../../testing/harness.js'
import { call, ok, unique } from '../../testing/keys-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.setRolePermissions 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'permissions.setRolePermissions', () => ({
      roleId: 'role_1234567890',
      permissions: [],
    })))

  it('answers 403 for a missing permission without rbac.*.create_permission, and changes nothing', async () => {
    const existing = `${unique('p')}.read`
    await ok(t, 'permissions.createPermission', { name: existing, slug: existing })
    const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', {
      name: unique('role'),
      permissions: [existing],
    })
    const missing = `${unique('p')}.write`
    const key = await t.key(['rbac.*.update_role'])
    const { response, error } = await call(
      t,
      'permissions.setRolePermissions',
      { roleId, permissions: [missing] },
      key,
    )
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('rbac.*.create_permission')
    const role = await ok<{ permissions: Array<{ slug: string }> }>(t, 'permissions.getRole', {
      role: roleId,
    })
    expect(role.permissions.map((p) => p.slug)).toEqual([existing])
    expect((await call(t, 'permissions.getPermission', { permission: missing })).response.status).toBe(404)
    // Existing permissions need no more than the operation's own permission.
    expect(await ok(t, 'permissions.setRolePermissions', { roleId, permissions: [] }, key)).toEqual([])
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'permissions.setRolePermissions, a permission deleted while it is linked (postgres)',
  () => {
    const t = useTestService({ kind: 'postgres' })
    it('is missing then: 403 without rbac.*.create_permission, created again with it', async () => {
      const slug = `${unique('p')}.read`
      const created = async () =>
        (await ok<{ permissionId: string }>(t, 'permissions.createPermission', { name: slug, slug }))
          .permissionId
      const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', { name: unique('role') })
      const set = (key: string) => () =>
        call(t, 'permissions.setRolePermissions', { roleId, permissions: [slug] }, key)
      const refused = await whileDeleted(
        t,
        'rbac_permissions',
        await created(),
        set(await t.key(['rbac.*.update_role'])),
      )
      expect(refused.response.status).toBe(403)
      const first = await created()
      const allowed = await t.key(['rbac.*.update_role', 'rbac.*.create_permission'])
      const linked = await whileDeleted(t, 'rbac_permissions', first, set(allowed))
      expect(linked.response.status).toBe(200)
      const again = (linked.data?.data ?? []) as Array<{ id: string; slug: string }>
      expect(again.map((p) => p.slug)).toEqual([slug])
      expect(again[0]?.id).not.toBe(first)
    })
  },
)
