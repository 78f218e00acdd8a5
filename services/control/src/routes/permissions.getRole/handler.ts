import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import type { ServiceHandler } from '../../http/env.js'
import { findRole, toApiRole } from '../../repositories/rbac.js'

/** `permissions.getRole`: by id or name, with its permissions. */
export const getRole =
  (deps: Deps): ServiceHandler<'permissions.getRole'> =>
  async (c) => {
    const { role } = c.req.valid('json')
    requirePermission(c)
    const found = await findRole(deps.db, c.get('caller').workspaceId, role)
    if (!found) throw notFound('role', `The role ${role} does not exist.`)
    return c.json({ meta: { requestId: c.get('requestId') }, data: await toApiRole(deps.db, found) }, 200)
  }
