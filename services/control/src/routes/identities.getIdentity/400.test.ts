import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('identities.getIdentity 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.identity'],
    [{ identity: '' }, 'body.identity'],
    [{ identity: 'a\u0000b' }, 'body.identity'],
    [{ identity: 'a\ud800' }, 'body.identity'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'identities.getIdentity', body, location))
})
