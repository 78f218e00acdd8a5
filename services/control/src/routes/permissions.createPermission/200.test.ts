import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.createPermission 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('creates a permission that getPermission returns by id and slug', async () => {
    const slug = `${unique('docs')}.read`
    const { permissionId } = await ok<{ permissionId: string }>(t, 'permissions.createPermission', {
      name: 'Read docs',
      slug,
      description: 'Reading',
    })
    const expected = { id: permissionId, name: 'Read docs', slug, description: 'Reading' }
    expect(await ok(t, 'permissions.getPermission', { permission: permissionId })).toEqual(expected)
    expect(await ok(t, 'permissions.getPermission', { permission: slug })).toEqual(expected)
  })
})
