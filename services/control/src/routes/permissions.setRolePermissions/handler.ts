import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import type { ServiceHandler } from '../../http/env.js'
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
    const { roleId, permissions } = c.req.valid('json')
    requirePermission(c)
    const workspaceId = c.get('caller').workspaceId
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
