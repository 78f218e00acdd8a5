import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newApi } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.getApi 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown API and for one of another workspace', async () => {
    expect((await call(t, 'apis.getApi', { apiId: 'api_unknown123' })).response.status).toBe(404)
    const theirs = await newApi(t, await foreignRootKey(t))
    const { response, error } = await call(t, 'apis.getApi', { apiId: theirs })
    expect(response.status).toBe(404)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/data/api_not_found')
  })
})
