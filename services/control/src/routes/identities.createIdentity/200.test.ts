import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.createIdentity 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('creates an identity with metadata and rate limits', async () => {
    const externalId = unique('user')
    const { identityId } = await ok<{ identityId: string }>(t, 'identities.createIdentity', {
      externalId,
      meta: { plan: 'team' },
      ratelimits: [{ name: 'requests', limit: 100, duration: 60_000, autoApply: true }],
    })
    const data = await ok(t, 'identities.getIdentity', { identity: identityId })
    expect(data).toMatchObject({
      id: identityId,
      externalId,
      meta: { plan: 'team' },
      ratelimits: [{ name: 'requests', limit: 100, duration: 60_000, autoApply: true }],
    })
  })
})
