import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { searchablePage } from '../../pagination/search-page.js'
import { listPermissions as listRows, toApiPermission } from '../../repositories/rbac.js'

/** `permissions.listPermissions`: oldest first, paginated, `search` on name or slug. */
export const listPermissions =
  (deps: Deps): ServiceHandler<'permissions.listPermissions'> =>
  async (c) => {
    requirePermission(c)
    const ownerId = c.get('caller').workspaceId
    const { data, pagination } = await searchablePage(
      c.req.valid('json'),
      (input) => listRows(deps.db, { ownerId, ...input }),
      toApiPermission,
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data, pagination }, 200)
  }
