import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { ApiError, invalidField } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findPermissionsBySlug, insertRole, setRolePermissions } from '../../repositories/rbac.js'

/** `permissions.createRole`: a role with existing permissions (400 for an unknown slug); 409 when the name is taken. */
export const createRole =
  (deps: Deps): ServiceHandler<'permissions.createRole'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    requirePermission(caller)
    const workspaceId = caller.workspaceId
    const roleId = await deps.db.transaction(async (tx) => {
      const slugs = body.permissions ?? []
      const found = await findPermissionsBySlug(tx, workspaceId, slugs, { forNewLinks: true })
      const known = new Set(found.map((p) => p.slug))
      const index = slugs.findIndex((s) => !known.has(s))
      if (index >= 0) {
        throw invalidField(
          `body.permissions[${index}]`,
          `The permission ${slugs[index]} does not exist.`,
          'Create it with permissions.createPermission first.',
        )
      }
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
        found.map((p) => p.id),
      )
      return id
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: { roleId } }, 200)
  }
