import { requirePermission } from '../../access/permission.js'
import { permissionsToLink } from '../../access/permission-slugs.js'
import type { Deps } from '../../deps.js'
import { ApiError } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkPermissionSlugs } from '../../keys/settings.js'
import { insertRole, setRolePermissions } from '../../repositories/rbac.js'

/**
 * `permissions.createRole`: a role with the permissions it names, missing ones created when the
 * root key holds `rbac.*.create_permission` (403 otherwise, see `permissionsToLink`); 409 when
 * the name is taken.
 */
export const createRole =
  (deps: Deps): ServiceHandler<'permissions.createRole'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    requirePermission(caller)
    checkPermissionSlugs(body.permissions, 'body.permissions')
    const workspaceId = caller.workspaceId
    const roleId = await deps.db.transaction(async (tx) => {
      const permissions = await permissionsToLink(caller, tx, workspaceId, body.permissions ?? [], deps.now())
      const id = await insertRole(tx, {
        workspaceId,
        name: body.name,
        description: body.description,
        now: deps.now(),
      })
      if (!id)
        throw new ApiError(409, 'data/role_already_exists', `A role named ${body.name} already exists.`)
      await setRolePermissions(
        tx,
        id,
        permissions.map((p) => p.id),
      )
      return id
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: { roleId } }, 200)
  }
