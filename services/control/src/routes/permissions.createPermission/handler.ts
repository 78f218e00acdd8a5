import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { ApiError } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { insertPermission } from '../../repositories/rbac.js'

/** `permissions.createPermission`: 409 when the slug is taken in the workspace. */
export const createPermission =
  (deps: Deps): ServiceHandler<'permissions.createPermission'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    requirePermission(caller)
    const permissionId = await insertPermission(deps.db, {
      workspaceId: caller.workspaceId,
      name: body.name,
      slug: body.slug,
      description: body.description,
      now: deps.now(),
    })
    if (!permissionId) {
      throw new ApiError(
        409,
        'data/permission_already_exists',
        `A permission with slug ${body.slug} already exists.`,
      )
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: { permissionId } }, 200)
  }
