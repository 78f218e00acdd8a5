import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.updateIdentity 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'identities.updateIdentity', [
    [{}, 'body.identity'],
    [
      { identity: 'u', ratelimits: [{ name: 'r', limit: 1, duration: 1000, autoApply: true }] },
      'body.ratelimits[0].name',
    ],
  ])
})
