import { identityForOperation } from '../../access/identity.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { toApiIdentity } from '../../repositories/identities.js'

/** `identities.getIdentity`: by id or externalId, with metadata and rate limits. */
export const getIdentity =
  (deps: Deps): ServiceHandler<'identities.getIdentity'> =>
  async (c) => {
    const caller = callerOf(c)
    const identity = await identityForOperation(caller, deps.db, c.req.valid('json').identity)
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: await toApiIdentity(deps.db, identity) },
      200,
    )
  }
