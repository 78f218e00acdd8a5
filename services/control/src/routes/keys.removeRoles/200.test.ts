import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.removeRoles 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('unassigns roles and ignores ones the key does not have', async () => {
    const a = unique('role')
    const b = unique('role')
    await ok(t, 'permissions.createRole', { name: a })
    await ok(t, 'permissions.createRole', { name: b })
    const { keyId } = await newKey(t, { roles: [a, b] })
    const data = await ok<Array<{ name: string }>>(t, 'keys.removeRoles', {
      keyId,
      roles: [a, 'unknown_role'],
    })
    expect(data.map((x) => x.name)).toEqual([b])
  })
})
