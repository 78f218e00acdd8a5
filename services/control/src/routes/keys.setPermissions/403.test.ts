import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey, ok, unique } from '../../testing/keys-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.setPermissions 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'keys.setPermissions', () => ({
      keyId: 'key_1234567890abcd',
      permissions: ['documents.read'],
    })))

  it('answers 403 for a missing permission without rbac.*.create_permission, and changes nothing', async () => {
    const existing = `${unique('p')}.read`
    const { keyId } = await newKey(t, { permissions: [existing] })
    const missing = `${unique('p')}.write`
    const key = await t.key(['rbac.*.add_permission_to_key', 'rbac.*.remove_permission_from_key'])
    const { response, error } = await call(t, 'keys.setPermissions', { keyId, permissions: [missing] }, key)
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('rbac.*.create_permission')
    expect((await ok<{ permissions: string[] }>(t, 'keys.getKey', { keyId })).permissions).toEqual([existing])
    expect((await call(t, 'permissions.getPermission', { permission: missing })).response.status).toBe(404)
    // Existing permissions need no more than the operation's own permission.
    const data = await ok<Array<{ slug: string }>>(
      t,
      'keys.setPermissions',
      { keyId, permissions: [existing] },
      key,
    )
    expect(data.map((p) => p.slug)).toEqual([existing])
  })
})
