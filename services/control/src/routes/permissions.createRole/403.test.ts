import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok, unique } from '../../testing/keys-fixtures.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.createRole 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'permissions.createRole', () => ({ name: unique('role') })))

  it('answers 403 for a missing permission without rbac.*.create_permission, and creates nothing', async () => {
    const existing = `${unique('p')}.read`
    await ok(t, 'permissions.createPermission', { name: existing, slug: existing })
    const missing = `${unique('p')}.write`
    const key = await t.key(['rbac.*.create_role'])
    const name = unique('role')
    const { response, error } = await call(
      t,
      'permissions.createRole',
      { name, permissions: [existing, missing] },
      key,
    )
    expect(response.status).toBe(403)
    expect(error?.error.detail).toContain('rbac.*.create_permission')
    expect((await call(t, 'permissions.getRole', { role: name })).response.status).toBe(404)
    expect((await call(t, 'permissions.getPermission', { permission: missing })).response.status).toBe(404)
    // Existing permissions need no more than the operation's own permission.
    expect(
      (await call(t, 'permissions.createRole', { name, permissions: [existing] }, key)).response.status,
    ).toBe(200)
  })
})
