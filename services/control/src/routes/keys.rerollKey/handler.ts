import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { rerollStoredKey } from '../../keys/reroll.js'

/**
 * `keys.rerollKey`: a new key with the settings, owner, credits, rate limits, roles and permissions
 * of the old one; the old key expires at `expiration` (0: now).
 */
export const rerollKey =
  (deps: Deps): ServiceHandler<'keys.rerollKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, expiration } = c.req.valid('json')
    const created = await deps.db.transaction(async (tx) =>
      rerollStoredKey(deps, caller, tx, await keyForOperation(caller, tx, keyId), expiration),
    )
    if (!created?.key) throw new Error('a freshly generated key collided with an existing hash')
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: { keyId: created.keyId, key: created.key } },
      200,
    )
  }
