import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.createRole 409 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 409 for a taken name', async () => {
    const name = unique('role')
    await ok(t, 'permissions.createRole', { name })
    expect((await call(t, 'permissions.createRole', { name })).response.status).toBe(409)
  })
})
