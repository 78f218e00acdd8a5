import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('identities.updateIdentity 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.identity'],
    [
      { identity: 'u', ratelimits: [{ name: 'r', limit: 1, duration: 1000, autoApply: true }] },
      'body.ratelimits[0].name',
    ],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'identities.updateIdentity', body, location))
})
