import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.addRoles 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown and foreign keys', async () => {
    const role = unique('role')
    await ok(t, 'permissions.createRole', { name: role })
    expect(
      (await call(t, 'keys.addRoles', { keyId: 'key_unknown12345', roles: [role] })).response.status,
    ).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect((await call(t, 'keys.addRoles', { keyId: theirs.keyId, roles: [role] })).response.status).toBe(404)
  })
})

describe.each(testDatabaseKinds())('keys.addRoles 404 for roles (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for a role that does not exist', async () => {
    const { keyId } = await newKey(t)
    const { response, error } = await call(t, 'keys.addRoles', { keyId, roles: ['no_such_role_1'] })
    expect(response.status).toBe(404)
    expect(error?.error.type).toContain('role_not_found')
  })
})
