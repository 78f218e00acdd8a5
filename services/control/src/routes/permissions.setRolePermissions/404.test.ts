import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { whileDeleted } from '../../testing/concurrent-delete.js'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.setRolePermissions 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown role and for one of another workspace', async () => {
    expect(
      (await call(t, 'permissions.setRolePermissions', { roleId: 'no_such_role_9', permissions: [] }))
        .response.status,
    ).toBe(404)
    const name = unique('theirs')
    await ok(t, 'permissions.createRole', { name }, await foreignRootKey(t))
    expect(
      (await call(t, 'permissions.setRolePermissions', { roleId: name, permissions: [] })).response.status,
    ).toBe(404)
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'permissions.setRolePermissions 404 (postgres, concurrent deletion)',
  () => {
    const t = useTestService({ kind: 'postgres' })
    it('answers 404 when the role is deleted while its permissions are replaced', async () => {
      const slug = `${unique('p')}.read`
      await ok(t, 'permissions.createPermission', { name: slug, slug })
      const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', { name: unique('role') })
      const set = () => call(t, 'permissions.setRolePermissions', { roleId, permissions: [slug] })
      const gone = await whileDeleted(t, 'rbac_roles', roleId, set)
      expect(gone.response.status).toBe(404)
      expect(gone.error?.error.type).toMatch(/role_not_found$/)
    })
  },
)
