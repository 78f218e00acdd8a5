import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.addRoles 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('assigns roles by name or id; the key gains their permissions', async () => {
    const r = unique('role')
    await ok(t, 'permissions.createPermission', { name: 'p', slug: `${r}.p` })
    const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', {
      name: r,
      permissions: [`${r}.p`],
    })
    const other = unique('role')
    await ok(t, 'permissions.createRole', { name: other })
    const { keyId, key } = await newKey(t)
    const data = await ok<Array<{ name: string; permissions: Array<{ slug: string }> }>>(t, 'keys.addRoles', {
      keyId,
      roles: [roleId, other],
    })
    expect(data.map((x) => x.name).sort()).toEqual([r, other].sort())
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${r}.p` })).code).toBe(
      'VALID',
    )
  })
})
