import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.getRole 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.role'],
    [{ role: '' }, 'body.role'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.getRole', body, location))
})
