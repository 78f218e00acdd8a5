import { requirePermission } from '../../access/permission.js'
import { permissionsToLink } from '../../access/permission-slugs.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkPermissionSlugs } from '../../keys/settings.js'
import {
  findRole,
  rolePermissions,
  setRolePermissions as setRows,
  toApiPermission,
} from '../../repositories/rbac.js'

/**
 * `permissions.setRolePermissions`: replaces a role's permissions (404 for an unknown role);
 * missing ones are created when the root key holds `rbac.*.create_permission` (403 otherwise,
 * see `permissionsToLink`).
 */
export const setRolePermissions =
  (deps: Deps): ServiceHandler<'permissions.setRolePermissions'> =>
  async (c) => {
    const caller = callerOf(c)
    const { roleId, permissions } = c.req.valid('json')
    requirePermission(caller)
    checkPermissionSlugs(permissions, 'body.permissions')
    const workspaceId = caller.workspaceId
    const data = await deps.db.transaction(async (tx) => {
      const role = await findRole(tx, workspaceId, roleId, { forReplacingLinks: true })
      if (!role) throw notFound('role', `The role ${roleId} does not exist.`)
      const found = await permissionsToLink(caller, tx, workspaceId, permissions, deps.now())
      await setRows(
        tx,
        role.id,
        found.map((p) => p.id),
      )
      return (await rolePermissions(tx, role.id)).map(toApiPermission)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
