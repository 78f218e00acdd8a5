import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { workspaceList } from '../../pagination/search-page.js'
import { listRoles as listRows, toApiRole } from '../../repositories/rbac.js'

/** `permissions.listRoles`: oldest first with their permissions, paginated, `search` on the name. */
export const listRoles =
  (deps: Deps): ServiceHandler<'permissions.listRoles'> =>
  async (c) =>
    c.json(
      await workspaceList(
        callerOf(c),
        c.get('requestId'),
        c.req.valid('json'),
        (input) => listRows(deps.db, input),
        (role) => toApiRole(deps.db, role),
      ),
      200,
    )
