import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.setPermissions 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ keyId: 'key_1234' }, 'body.permissions'],
    [{ permissions: [] }, 'body.keyId'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.setPermissions', body, location))
})
