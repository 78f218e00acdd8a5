import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.getKey 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.keyId'],
    [{ keyId: 'key_1', decrypt: 'yes' }, 'body.decrypt'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.getKey', body, location))
})
