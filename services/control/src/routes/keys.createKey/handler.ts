import { apiForOperation } from '../../access/api.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkRefill, storeKey } from '../../keys/create.js'
import { checkPermissionSlugs, checkRatelimits } from '../../keys/settings.js'

/**
 * `keys.createKey`: issues a key in an API and returns it once. Only its SHA-256 is stored, plus
 * an AES-256-GCM ciphertext when `recoverable`. Roles must exist (404); permissions and the
 * identity of `externalId` are created when missing.
 */
export const createKey =
  (deps: Deps): ServiceHandler<'keys.createKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    checkRatelimits(body.ratelimits)
    checkRefill(body.credits?.refill, 'body.credits.refill')
    checkPermissionSlugs(body.permissions, 'body.permissions')
    const created = await deps.db.transaction(async (tx) => {
      // Locked: a concurrent deleteApi makes this a 404, not a key without its API.
      const api = await apiForOperation(caller, tx, body.apiId, { forNewKeys: true })
      return storeKey(deps, tx, {
        caller,
        workspaceId: api.workspaceId,
        apiId: api.id,
        prefix: body.prefix,
        byteLength: body.byteLength,
        recoverable: body.recoverable,
        settings: body,
      })
    })
    if (!created?.key) throw new Error('a freshly generated key collided with an existing hash')
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: { keyId: created.keyId, key: created.key } },
      200,
    )
  }
