import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.deleteKey 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.keyId'],
    [{ keyId: 'key_1234', permanent: 1 }, 'body.permanent'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.deleteKey', body, location))
})
