import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.createPermission 409 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 409 for a taken slug, but not for one taken in another workspace', async () => {
    const slug = `${unique('dup')}.read`
    await ok(t, 'permissions.createPermission', { name: 'x', slug })
    expect((await call(t, 'permissions.createPermission', { name: 'y', slug })).response.status).toBe(409)
    expect(
      (await call(t, 'permissions.createPermission', { name: 'y', slug }, await foreignRootKey(t))).response
        .status,
    ).toBe(200)
  })
})
