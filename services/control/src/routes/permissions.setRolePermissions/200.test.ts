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
})
