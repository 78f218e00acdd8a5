import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { whileDeleted } from '../../testing/concurrent-delete.js'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.updateIdentity 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown identity and for one of another workspace', async () => {
    expect((await call(t, 'identities.updateIdentity', { identity: 'nobody_here_1' })).response.status).toBe(
      404,
    )
    const foreign = await foreignRootKey(t)
    const externalId = unique('theirs')
    const { identityId } = await ok<{ identityId: string }>(
      t,
      'identities.createIdentity',
      { externalId },
      foreign,
    )
    expect((await call(t, 'identities.updateIdentity', { identity: identityId })).response.status).toBe(404)
    expect((await call(t, 'identities.updateIdentity', { identity: externalId })).response.status).toBe(404)
    expect((await call(t, 'identities.getIdentity', { identity: identityId }, foreign)).response.status).toBe(
      200,
    )
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'identities.updateIdentity 404 (postgres, concurrent deletion)',
  () => {
    const t = useTestService({ kind: 'postgres' })
    it('answers 404 when the identity is deleted while its rate limits are replaced', async () => {
      const { identityId } = await ok<{ identityId: string }>(t, 'identities.createIdentity', {
        externalId: unique('going'),
      })
      const { response } = await whileDeleted(t, 'identities', identityId, () =>
        call(t, 'identities.updateIdentity', {
          identity: identityId,
          ratelimits: [{ name: 'requests', limit: 10, duration: 60_000, autoApply: false }],
        }),
      )
      expect(response.status).toBe(404)
    })
  },
)
