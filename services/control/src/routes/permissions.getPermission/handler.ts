import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findPermission, toApiPermission } from '../../repositories/rbac.js'

/** `permissions.getPermission`: by id or slug. */
export const getPermission =
  (deps: Deps): ServiceHandler<'permissions.getPermission'> =>
  async (c) => {
    const caller = callerOf(c)
    const { permission } = c.req.valid('json')
    requirePermission(caller)
    const found = await findPermission(deps.db, caller.workspaceId, permission)
    if (!found) throw notFound('permission', `The permission ${permission} does not exist.`)
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiPermission(found) }, 200)
  }
