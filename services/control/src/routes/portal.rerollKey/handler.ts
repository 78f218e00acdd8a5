import { keyNotFound } from '../../access/key.js'
import { sessionIdentity } from '../../access/portal-session.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { rerollStoredKey } from '../../keys/reroll.js'
import { findKey } from '../../repositories/api-keys.js'

/**
 * `portal.rerollKey` (portal session, scope `keys:reroll`): `keys.rerollKey` for a key of the
 * session's end user; any other key (another user's, another workspace's, deleted) is a 404.
 */
export const rerollKey =
  (deps: Deps): ServiceHandler<'portal.rerollKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, expiration } = c.req.valid('json')
    const identity = await sessionIdentity(caller, deps)
    const created = await deps.db.transaction(async (tx) => {
      const old = await findKey(tx, identity.workspaceId, keyId)
      if (!old || old.identityId !== identity.id) throw keyNotFound(keyId)
      return rerollStoredKey(deps, caller, tx, old, expiration)
    })
    if (!created?.key) throw new Error('a freshly generated key collided with an existing hash')
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: { keyId: created.keyId, key: created.key } },
      200,
    )
  }
