import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.getRole 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown role and for one of another workspace', async () => {
    expect((await call(t, 'permissions.getRole', { role: 'no_such_role_9' })).response.status).toBe(404)
    const name = unique('theirs')
    await ok(t, 'permissions.createRole', { name }, await foreignRootKey(t))
    expect((await call(t, 'permissions.getRole', { role: name })).response.status).toBe(404)
  })
})
