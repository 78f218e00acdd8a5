import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.createIdentity 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'identities.createIdentity', [
    [{}, 'body.externalId'],
    [{ externalId: 'has space' }, 'body.externalId'],
    [{ externalId: 'u1', extra: true }, 'body.extra'],
  ])
})
