import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.addPermissions 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('adds permissions, creating missing ones, and returns the direct permissions', async () => {
    const p = unique('perm')
    const { keyId, key } = await newKey(t, { permissions: [`${p}.a`] })
    const data = await ok<Array<{ slug: string; id: string }>>(t, 'keys.addPermissions', {
      keyId,
      permissions: [`${p}.b`, `${p}.a`],
    })
    expect(data.map((x) => x.slug)).toEqual([`${p}.a`, `${p}.b`])
    expect((await ok<{ slug: string }>(t, 'permissions.getPermission', { permission: `${p}.b` })).slug).toBe(
      `${p}.b`,
    )
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${p}.b` })).code).toBe(
      'VALID',
    )
  })

  it('creates missing permissions for a root key with rbac.*.create_permission', async () => {
    const p = unique('perm')
    const { keyId } = await newKey(t)
    const caller = await t.key(['rbac.*.add_permission_to_key', 'rbac.*.create_permission'])
    const data = await ok<Array<{ slug: string }>>(
      t,
      'keys.addPermissions',
      { keyId, permissions: [`${p}.new`] },
      caller,
    )
    expect(data.map((x) => x.slug)).toEqual([`${p}.new`])
    expect(
      (await ok<{ slug: string }>(t, 'permissions.getPermission', { permission: `${p}.new` })).slug,
    ).toBe(`${p}.new`)
  })
})
