import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.getIdentity 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'identities.getIdentity', [
    [{}, 'body.identity'],
    [{ identity: '' }, 'body.identity'],
    [{ identity: 'a\u0000b' }, 'body.identity'],
    [{ identity: 'a\ud800' }, 'body.identity'],
  ])
})
