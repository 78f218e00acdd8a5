import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { searchablePage } from '../../pagination/search-page.js'
import { listIdentities as listRows, toApiIdentity } from '../../repositories/identities.js'

/** `identities.listIdentities`: oldest first, paginated, `search` on the external id. */
export const listIdentities =
  (deps: Deps): ServiceHandler<'identities.listIdentities'> =>
  async (c) => {
    requirePermission(c)
    const ownerId = c.get('caller').workspaceId
    const { data, pagination } = await searchablePage(
      c.req.valid('json'),
      (input) => listRows(deps.db, { ownerId, ...input }),
      (identity) => toApiIdentity(deps.db, identity),
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data, pagination }, 200)
  }
