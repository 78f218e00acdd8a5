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
})
