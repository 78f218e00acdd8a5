import type { Deps } from '../../deps.js'
import { encodeCursor, paginate } from '../../domain/cursor.js'
import type { ServiceHandler } from '../../http/env.js'
import { listIdentities as listRows, toApiIdentity } from '../../repositories/identities.js'
import { handleInput, parseCursor, requirePermission } from '../keys.shared.js'

/** `identities.listIdentities`: oldest first, paginated, `search` on the external id. */
export const listIdentities = (deps: Deps): ServiceHandler<'identities.listIdentities'> =>
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
    for (const identity of page) data.push(await toApiIdentity(deps.db, identity))
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data,
        pagination,
      },
      200,
    )
  })
