import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.setPermissions 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('replaces the direct permissions; an empty list removes them all', async () => {
    const p = unique('perm')
    const { keyId } = await newKey(t, { permissions: [`${p}.a`] })
    const data = await ok<Array<{ slug: string }>>(t, 'keys.setPermissions', {
      keyId,
      permissions: [`${p}.c`],
    })
    expect(data.map((x) => x.slug)).toEqual([`${p}.c`])
    expect(await ok(t, 'keys.setPermissions', { keyId, permissions: [] })).toEqual([])
  })

  it('creates missing permissions for a root key with rbac.*.create_permission', async () => {
    const p = unique('perm')
    const { keyId } = await newKey(t, { permissions: [`${p}.a`] })
    const caller = await t.key([
      'rbac.*.add_permission_to_key',
      'rbac.*.remove_permission_from_key',
      'rbac.*.create_permission',
    ])
    const data = await ok<Array<{ slug: string }>>(
      t,
      'keys.setPermissions',
      { keyId, permissions: [`${p}.new`] },
      caller,
    )
    expect(data.map((x) => x.slug)).toEqual([`${p}.new`])
    expect(
      (await ok<{ slug: string }>(t, 'permissions.getPermission', { permission: `${p}.new` })).slug,
    ).toBe(`${p}.new`)
  })
})
