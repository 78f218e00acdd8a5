import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { searchablePage } from '../../pagination/search-page.js'
import { listPermissions as listRows, toApiPermission } from '../../repositories/rbac.js'

/** `permissions.listPermissions`: oldest first, paginated, `search` on name or slug. */
export const listPermissions =
  (deps: Deps): ServiceHandler<'permissions.listPermissions'> =>
  async (c) => {
    const { data, pagination } = await searchablePage(
      c,
      c.req.valid('json'),
      (input) => listRows(deps.db, input),
      toApiPermission,
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data, pagination }, 200)
  }
