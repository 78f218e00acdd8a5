import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.addPermissions 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ keyId: 'key_1234', permissions: [] }, 'body.permissions'],
    [{ permissions: ['a'] }, 'body.keyId'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.addPermissions', body, location))
})
