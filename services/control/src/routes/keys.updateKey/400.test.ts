import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.updateKey 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.keyId'],
    [{ keyId: 'key_1234', enabled: 'no' }, 'body.enabled'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.updateKey', body, location))
})
