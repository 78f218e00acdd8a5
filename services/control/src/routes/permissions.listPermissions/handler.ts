import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { workspaceList } from '../../pagination/search-page.js'
import { listPermissions as listRows, toApiPermission } from '../../repositories/rbac.js'

/** `permissions.listPermissions`: oldest first, paginated, `search` on name or slug. */
export const listPermissions =
  (deps: Deps): ServiceHandler<'permissions.listPermissions'> =>
  async (c) =>
    c.json(
      await workspaceList(
        callerOf(c),
        c.get('requestId'),
        c.req.valid('json'),
        (input) => listRows(deps.db, input),
        toApiPermission,
      ),
      200,
    )
