import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deletePermission as deleteRow, findPermission } from '../../repositories/rbac.js'

/** `permissions.deletePermission`: by id or slug; removed from every key and role (cascade). */
export const deletePermission =
  (deps: Deps): ServiceHandler<'permissions.deletePermission'> =>
  async (c) => {
    const caller = callerOf(c)
    const { permission } = c.req.valid('json')
    requirePermission(caller)
    const workspaceId = caller.workspaceId
    await deps.db.transaction(async (tx) => {
      const found = await findPermission(tx, workspaceId, permission)
      const missing = notFound('permission', `The permission ${permission} does not exist.`)
      if (!found) throw missing
      if (!(await deleteRow(tx, workspaceId, found.id))) throw missing
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
