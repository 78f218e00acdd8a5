import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectMissingPermissionRefused } from '../../testing/permission-slugs.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.addPermissions 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'keys.addPermissions', () => ({
      keyId: 'key_1234567890abcd',
      permissions: ['documents.read'],
    })))

  it('answers 403 for a missing permission without rbac.*.create_permission, and changes nothing', () =>
    expectMissingPermissionRefused(t, 'keys.addPermissions', ['rbac.*.add_permission_to_key']))
})
