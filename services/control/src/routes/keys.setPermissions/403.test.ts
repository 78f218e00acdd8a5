import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectMissingPermissionRefused } from '../../testing/permission-slugs.js'
import { expectForbiddenWithoutPermission } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.setPermissions 403 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 403 to a root key without the required permission', () =>
    expectForbiddenWithoutPermission(t, 'keys.setPermissions', () => ({
      keyId: 'key_1234567890abcd',
      permissions: ['documents.read'],
    })))

  it('answers 403 for a missing permission without rbac.*.create_permission, and changes nothing', () =>
    expectMissingPermissionRefused(t, 'keys.setPermissions', [
      'rbac.*.add_permission_to_key',
      'rbac.*.remove_permission_from_key',
    ]))
})
