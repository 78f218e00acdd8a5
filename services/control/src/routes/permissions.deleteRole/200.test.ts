import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.deleteRole 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('deletes the role and unassigns it; unknown roles are a no-op', async () => {
    const name = unique('role')
    await ok(t, 'permissions.createRole', { name })
    const { keyId } = await newKey(t, { roles: [name] })
    expect(await ok(t, 'permissions.deleteRole', { role: name })).toEqual({})
    expect((await call(t, 'permissions.getRole', { role: name })).response.status).toBe(404)
    expect((await ok<{ roles: string[] }>(t, 'keys.getKey', { keyId })).roles).toEqual([])
    expect(await ok(t, 'permissions.deleteRole', { role: name })).toEqual({})
  })

  it('never deletes a role of another workspace', async () => {
    const foreign = await foreignRootKey(t)
    const name = unique('theirs')
    await ok(t, 'permissions.createRole', { name }, foreign)
    await ok(t, 'permissions.deleteRole', { role: name })
    expect((await call(t, 'permissions.getRole', { role: name }, foreign)).response.status).toBe(200)
  })
})
