import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import {
  findPermissionsBySlug,
  findRole,
  rolePermissions,
  setRolePermissions as setRows,
  toApiPermission,
} from '../../repositories/rbac.js'

/** `permissions.setRolePermissions`: replaces a role's permissions (role and each slug must exist: 404). */
export const setRolePermissions =
  (deps: Deps): ServiceHandler<'permissions.setRolePermissions'> =>
  async (c) => {
    const caller = callerOf(c)
    const { roleId, permissions } = c.req.valid('json')
    requirePermission(caller)
    const workspaceId = caller.workspaceId
    const data = await deps.db.transaction(async (tx) => {
      const role = await findRole(tx, workspaceId, roleId, { forReplacingLinks: true })
      if (!role) throw notFound('role', `The role ${roleId} does not exist.`)
      const found = await findPermissionsBySlug(tx, workspaceId, permissions, { forNewLinks: true })
      const missing = permissions.find((s) => !found.some((p) => p.slug === s))
      if (missing !== undefined) throw notFound('permission', `The permission ${missing} does not exist.`)
      await setRows(
        tx,
        role.id,
        found.map((p) => p.id),
      )
      return (await rolePermissions(tx, role.id)).map(toApiPermission)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
