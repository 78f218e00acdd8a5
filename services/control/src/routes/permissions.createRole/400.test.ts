import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.createRole 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.name'],
    // A permission it would create with a slug no permission can have.
    [{ name: 'editor', permissions: ['documents.read', 'not a slug'] }, 'body.permissions[1]'],
    [{ name: 'editor', permissions: [''] }, 'body.permissions[0]'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.createRole', body, location))
})
