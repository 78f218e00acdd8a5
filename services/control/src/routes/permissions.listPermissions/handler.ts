import type { Deps } from '../../deps.js'
import { encodeCursor, paginate } from '../../domain/cursor.js'
import type { ServiceHandler } from '../../http/env.js'
import { listPermissions as listRows, toApiPermission } from '../../repositories/rbac.js'
import { handleInput, parseCursor, requirePermission } from '../keys.shared.js'

/** `permissions.listPermissions`: oldest first, paginated, `search` on name or slug. */
export const listPermissions = (deps: Deps): ServiceHandler<'permissions.listPermissions'> =>
  handleInput(async (c) => {
    const body = c.req.valid('json')
    requirePermission(c)
    const after = parseCursor(body.cursor)
    const limit = body.limit ?? 100
    const rows = await listRows(deps.db, {
      workspaceId: c.get('caller').workspaceId,
      search: body.search,
      after,
      limit: limit + 1,
    })
    const { page, pagination } = paginate(rows, limit, encodeCursor)
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: page.map(toApiPermission),
        pagination,
      },
      200,
    )
  })
