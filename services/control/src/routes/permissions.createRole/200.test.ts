import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.createRole 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('creates a role with existing permissions', async () => {
    const slug = `${unique('p')}.x`
    await ok(t, 'permissions.createPermission', { name: 'x', slug })
    const name = unique('role')
    const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', {
      name,
      description: 'd',
      permissions: [slug],
    })
    const role = await ok<{ permissions: Array<{ slug: string }> }>(t, 'permissions.getRole', { role: name })
    expect(role).toMatchObject({ id: roleId, name, description: 'd' })
    expect(role.permissions.map((p) => p.slug)).toEqual([slug])
  })

  it('creates the missing permissions it names for a root key with rbac.*.create_permission', async () => {
    const existing = `${unique('p')}.read`
    await ok(t, 'permissions.createPermission', { name: 'read', slug: existing })
    const missing = `${unique('p')}.write`
    const key = await t.key(['rbac.*.create_role', 'rbac.*.create_permission'])
    const name = unique('role')
    await ok(t, 'permissions.createRole', { name, permissions: [existing, missing, missing] }, key)
    const role = await ok<{ permissions: Array<{ slug: string }> }>(t, 'permissions.getRole', { role: name })
    expect(role.permissions.map((p) => p.slug).sort()).toEqual([existing, missing].sort())
    const created = await ok<{ slug: string; name: string }>(t, 'permissions.getPermission', {
      permission: missing,
    })
    expect(created).toMatchObject({ slug: missing, name: missing })
  })
})
