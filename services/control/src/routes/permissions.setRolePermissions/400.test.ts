import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.setRolePermissions 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ roleId: 'role_1234' }, 'body.permissions'],
    [{ roleId: 'x', permissions: [] }, 'body.roleId'],
    // A permission it would create with a slug no permission can have.
    [{ roleId: 'role_1234', permissions: ['documents.read', 'not a slug'] }, 'body.permissions[1]'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.setRolePermissions', body, location))
})
