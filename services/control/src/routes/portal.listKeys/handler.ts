import { sessionIdentity } from '../../access/portal-session.js'
import type { Deps } from '../../deps.js'
import { paginate, parseCursor, rowCursor } from '../../domain/cursor.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { toApiKey } from '../../keys/api-form.js'
import { listKeysOfIdentity } from '../../repositories/api-keys.js'

/**
 * `portal.listKeys` (portal session, scope `keys:read`): the keys of the session's end user, of
 * any API of the workspace, oldest first, paginated. Never decrypted.
 */
export const listKeys =
  (deps: Deps): ServiceHandler<'portal.listKeys'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const after = parseCursor(body.cursor)
    const identity = await sessionIdentity(caller, deps)
    const limit = body.limit ?? 100
    const rows = await listKeysOfIdentity(deps.db, {
      workspaceId: identity.workspaceId,
      identityId: identity.id,
      after,
      limit: limit + 1,
    })
    const { page, pagination } = paginate(rows, limit, rowCursor)
    const data = []
    for (const key of page) data.push(await toApiKey(deps, deps.db, key))
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data,
        pagination,
      },
      200,
    )
  }
