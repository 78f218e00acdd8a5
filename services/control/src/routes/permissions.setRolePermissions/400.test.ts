import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.setRolePermissions 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'permissions.setRolePermissions', [
    [{ roleId: 'role_1234' }, 'body.permissions'],
    [{ roleId: 'x', permissions: [] }, 'body.roleId'],
  ])
})
