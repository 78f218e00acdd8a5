import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.setRoles 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('replaces the roles; an empty list removes them all', async () => {
    const a = unique('role')
    const b = unique('role')
    await ok(t, 'permissions.createRole', { name: a })
    await ok(t, 'permissions.createRole', { name: b })
    const { keyId } = await newKey(t, { roles: [a] })
    expect(
      (await ok<Array<{ name: string }>>(t, 'keys.setRoles', { keyId, roles: [b] })).map((x) => x.name),
    ).toEqual([b])
    expect(await ok(t, 'keys.setRoles', { keyId, roles: [] })).toEqual([])
  })
})
