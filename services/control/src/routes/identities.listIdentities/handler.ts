import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { workspaceList } from '../../pagination/search-page.js'
import { listIdentities as listRows, toApiIdentity } from '../../repositories/identities.js'

/** `identities.listIdentities`: oldest first, paginated, `search` on the external id. */
export const listIdentities =
  (deps: Deps): ServiceHandler<'identities.listIdentities'> =>
  async (c) =>
    c.json(
      await workspaceList(
        callerOf(c),
        c.get('requestId'),
        c.req.valid('json'),
        (input) => listRows(deps.db, input),
        (identity) => toApiIdentity(deps.db, identity),
      ),
      200,
    )
