import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { searchablePage } from '../../pagination/search-page.js'
import { listRoles as listRows, toApiRole } from '../../repositories/rbac.js'

/** `permissions.listRoles`: oldest first with their permissions, paginated, `search` on the name. */
export const listRoles =
  (deps: Deps): ServiceHandler<'permissions.listRoles'> =>
  async (c) => {
    requirePermission(c)
    const ownerId = c.get('caller').workspaceId
    const { data, pagination } = await searchablePage(
      c.req.valid('json'),
      (input) => listRows(deps.db, { ownerId, ...input }),
      (role) => toApiRole(deps.db, role),
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data, pagination }, 200)
  }
