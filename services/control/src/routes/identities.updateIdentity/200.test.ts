import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.updateIdentity 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('replaces metadata and rate limits', async () => {
    const externalId = unique('user')
    await ok(t, 'identities.createIdentity', {
      externalId,
      meta: { a: 1 },
      ratelimits: [{ name: 'old_one', limit: 1, duration: 1000, autoApply: false }],
    })
    const data = await ok(t, 'identities.updateIdentity', {
      identity: externalId,
      meta: { b: 2 },
      ratelimits: [{ name: 'new_one', limit: 5, duration: 5000, autoApply: true }],
    })
    expect(data).toMatchObject({ externalId, meta: { b: 2 }, ratelimits: [{ name: 'new_one', limit: 5 }] })
    const cleared = await ok<{ ratelimits: unknown[] }>(t, 'identities.updateIdentity', {
      identity: externalId,
      ratelimits: [],
    })
    expect(cleared.ratelimits).toEqual([])
  })
})
