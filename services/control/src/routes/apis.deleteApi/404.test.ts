import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newApi } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.deleteApi 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown API and leaves another workspace alone', async () => {
    expect((await call(t, 'apis.deleteApi', { apiId: 'api_unknown123' })).response.status).toBe(404)
    const foreign = await foreignRootKey(t)
    const theirs = await newApi(t, foreign)
    expect((await call(t, 'apis.deleteApi', { apiId: theirs })).response.status).toBe(404)
    expect((await call(t, 'apis.getApi', { apiId: theirs }, foreign)).response.status).toBe(200)
  })
})
