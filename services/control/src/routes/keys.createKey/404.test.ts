import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newApi } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.createKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown API, an API of another workspace and an unknown role', async () => {
    expect((await call(t, 'keys.createKey', { apiId: 'api_unknown123' })).response.status).toBe(404)
    const theirs = await newApi(t, await foreignRootKey(t))
    expect((await call(t, 'keys.createKey', { apiId: theirs })).response.status).toBe(404)
    const apiId = await newApi(t)
    const { response, error } = await call(t, 'keys.createKey', { apiId, roles: ['no_such_role_here'] })
    expect(response.status).toBe(404)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/role_not_found')
  })
})
