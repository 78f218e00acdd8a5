import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.listRoles 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ limit: 0 }, 'body.limit'],
    [{ cursor: 'garbage' }, 'body.cursor'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.listRoles', body, location))
})
