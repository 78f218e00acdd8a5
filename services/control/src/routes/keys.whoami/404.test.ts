import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.whoami 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown key and for a key of another workspace', async () => {
    expect((await call(t, 'keys.whoami', { key: 'nope_nope_nope' })).response.status).toBe(404)
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect((await call(t, 'keys.whoami', { key: theirs.key })).response.status).toBe(404)
  })
})
