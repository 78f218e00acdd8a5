import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deleteRole as deleteRow, findRole } from '../../repositories/rbac.js'

/**
 * `permissions.deleteRole`: by id or name; unassigned from every key (cascade). The operation
 * documents no 404, so deleting a role that does not exist (any more) succeeds: it is idempotent.
 */
export const deleteRole =
  (deps: Deps): ServiceHandler<'permissions.deleteRole'> =>
  async (c) => {
    const caller = callerOf(c)
    const { role } = c.req.valid('json')
    requirePermission(caller)
    const workspaceId = caller.workspaceId
    await deps.db.transaction(async (tx) => {
      const found = await findRole(tx, workspaceId, role)
      if (found) await deleteRow(tx, workspaceId, found.id)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
