import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.createRole 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.name'],
    [{ name: 'editor', permissions: ['does.not.exist.anywhere'] }, 'body.permissions[0]'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.createRole', body, location))
})
