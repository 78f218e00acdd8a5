import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findRole, toApiRole } from '../../repositories/rbac.js'

/** `permissions.getRole`: by id or name, with its permissions. */
export const getRole =
  (deps: Deps): ServiceHandler<'permissions.getRole'> =>
  async (c) => {
    const caller = callerOf(c)
    const { role } = c.req.valid('json')
    requirePermission(caller)
    const found = await findRole(deps.db, caller.workspaceId, role)
    if (!found) throw notFound('role', `The role ${role} does not exist.`)
    return c.json({ meta: { requestId: c.get('requestId') }, data: await toApiRole(deps.db, found) }, 200)
  }
