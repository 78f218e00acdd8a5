import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { whileDeleted } from '../../testing/concurrent-delete.js'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newApi, ok, unique } from '../../testing/keys-fixtures.js'

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

const API_NOT_FOUND = 'https://docs.deploy-control.dev/errors/data/api_not_found'

describe.each(testDatabaseKinds())('keys.createKey racing apis.deleteApi (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 200 or the API 404, never 500', async () => {
    const apiId = await newApi(t)
    const [deleted, ...created] = await Promise.all([
      call(t, 'apis.deleteApi', { apiId }),
      ...Array.from({ length: 10 }, () => call(t, 'keys.createKey', { apiId })),
    ])
    expect(deleted?.response.status).toBe(200)
    for (const { response, error } of created) {
      expect([200, 404]).toContain(response.status)
      if (response.status === 404) expect(error?.error.type).toBe(API_NOT_FOUND)
    }
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'keys.createKey 404 (postgres, concurrent deletion)',
  () => {
    const t = useTestService({ kind: 'postgres' })
    it('answers the API 404 when the API is deleted while the key is created', async () => {
      const apiId = await newApi(t)
      const { response, error } = await whileDeleted(t, 'apis', apiId, () =>
        call(t, 'keys.createKey', { apiId }),
      )
      expect(response.status).toBe(404)
      expect(error?.error.type).toBe(API_NOT_FOUND)
    })

    it('answers the role 404 when a role is deleted while the key is given it', async () => {
      const apiId = await newApi(t)
      const name = unique('role')
      const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', { name })
      const { response, error } = await whileDeleted(t, 'rbac_roles', roleId, () =>
        call(t, 'keys.createKey', { apiId, roles: [name] }),
      )
      expect(response.status).toBe(404)
      expect(error?.error.type).toMatch(/role_not_found$/)
    })
  },
)
