import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.listKeys 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown API and for one of another workspace', async () => {
    expect((await call(t, 'apis.listKeys', { apiId: 'api_unknown123' })).response.status).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect((await call(t, 'apis.listKeys', { apiId: theirs.apiId })).response.status).toBe(404)
  })
})
