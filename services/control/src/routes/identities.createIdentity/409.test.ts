import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.createIdentity 409 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 409 for a taken externalId, but not for one taken in another workspace', async () => {
    const externalId = unique('dup')
    await ok(t, 'identities.createIdentity', { externalId })
    const { response, error } = await call(t, 'identities.createIdentity', { externalId })
    expect(response.status).toBe(409)
    expect(error?.error.status).toBe(409)
    expect(
      (await call(t, 'identities.createIdentity', { externalId }, await foreignRootKey(t))).response.status,
    ).toBe(200)
  })
})
