import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { updateKey } from '../../repositories/api-keys.js'
import { ratelimitsOf } from '../../repositories/identities.js'
import { keyDirectPermissions, keyRoles } from '../../repositories/rbac.js'
import { storeKey } from '../keys.createKey/create.js'
import { currentCredits, handleInput, keyForOperation } from '../keys.shared.js'

/**
 * `keys.rerollKey`: a new key with the settings, owner, credits, rate limits, roles and permissions
 * of the old one; the old key expires at `expiration` (0: now).
 */
export const rerollKey = (deps: Deps): ServiceHandler<'keys.rerollKey'> =>
  handleInput(async (c) => {
    const { keyId, expiration } = c.req.valid('json')
    const created = await deps.db.transaction(async (tx) => {
      const old = await keyForOperation(c, tx, keyId)
      const now = deps.now()
      const [ratelimits, roles, permissions] = await Promise.all([
        ratelimitsOf(tx, { keyId: old.id }),
        keyRoles(tx, old.id),
        keyDirectPermissions(tx, old.id),
      ])
      const result = await storeKey(deps, tx, {
        workspaceId: old.workspaceId,
        apiId: old.apiId,
        prefix: old.prefix,
        byteLength: old.byteLength,
        recoverable: old.encrypted !== null,
        settings: {
          name: old.name,
          identityId: old.identityId,
          meta: old.meta,
          expires: old.expiresAt,
          enabled: old.enabled,
          credits:
            old.creditsRemaining !== null || old.refill
              ? { remaining: currentCredits(old, now), refill: old.refill }
              : null,
          ratelimits,
          roles: roles.map((r) => r.id),
          permissions: permissions.map((p) => p.slug),
        },
      })
      const expiresAt =
        expiration === 0 ? now : Math.min(expiration, old.expiresAt ?? Number.POSITIVE_INFINITY)
      await updateKey(tx, old.id, { expiresAt }, now)
      return result
    })
    if (!created?.key) throw new Error('a freshly generated key collided with an existing hash')
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: { keyId: created.keyId, key: created.key } },
      200,
    )
  })
