import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.updateCredits 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ keyId: 'key_1234' }, 'body.operation'],
    [{ keyId: 'key_1234', operation: 'double' }, 'body.operation'],
    [{ keyId: 'key_1234', operation: 'increment' }, 'body.value'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.updateCredits', body, location))
})
