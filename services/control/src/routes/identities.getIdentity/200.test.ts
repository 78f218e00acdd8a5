import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.getIdentity 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('finds an identity by id and by externalId', async () => {
    const externalId = unique('user')
    const { identityId } = await ok<{ identityId: string }>(t, 'identities.createIdentity', { externalId })
    expect(await ok(t, 'identities.getIdentity', { identity: externalId })).toEqual({
      id: identityId,
      externalId,
      ratelimits: [],
    })
    expect(await ok(t, 'identities.getIdentity', { identity: identityId })).toEqual({
      id: identityId,
      externalId,
      ratelimits: [],
    })
  })
})
