import { identityForOperation } from '../../access/identity.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkRatelimits } from '../../keys/settings.js'
import {
  findIdentityById,
  replaceRatelimits,
  toApiIdentity,
  updateIdentityMeta,
} from '../../repositories/identities.js'

/** `identities.updateIdentity`: `meta` replaces the metadata, `ratelimits` replaces all rate limits. */
export const updateIdentity =
  (deps: Deps): ServiceHandler<'identities.updateIdentity'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    checkRatelimits(body.ratelimits)
    const data = await deps.db.transaction(async (tx) => {
      const identity = await identityForOperation(caller, tx, body.identity, { forUpdate: true })
      if (body.meta !== undefined) await updateIdentityMeta(tx, identity.id, body.meta)
      if (body.ratelimits !== undefined) {
        await replaceRatelimits(tx, identity.workspaceId, { identityId: identity.id }, body.ratelimits)
      }
      const updated = await findIdentityById(tx, identity.workspaceId, identity.id)
      return toApiIdentity(tx, updated ?? identity)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
