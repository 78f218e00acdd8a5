import type { Deps } from '../../deps.js'
import { encodeCursor, paginate } from '../../domain/cursor.js'
import type { ServiceHandler } from '../../http/env.js'
import { listRoles as listRows, toApiRole } from '../../repositories/rbac.js'
import { handleInput, parseCursor, requirePermission } from '../keys.shared.js'

/** `permissions.listRoles`: oldest first with their permissions, paginated, `search` on the name. */
export const listRoles = (deps: Deps): ServiceHandler<'permissions.listRoles'> =>
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
    const data = []
    for (const role of page) data.push(await toApiRole(deps.db, role))
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data,
        pagination,
      },
      200,
    )
  })
