import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.getRole 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('returns a role by id and by name', async () => {
    const name = unique('role')
    const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', { name })
    expect(await ok(t, 'permissions.getRole', { role: roleId })).toEqual({
      id: roleId,
      name,
      permissions: [],
    })
    expect(await ok(t, 'permissions.getRole', { role: name })).toEqual({ id: roleId, name, permissions: [] })
  })
})
