import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkRefill } from '../../keys/create.js'
import { checkRatelimits, setKeyAccess } from '../../keys/settings.js'
import { type KeyPatch, updateKey as updateRow } from '../../repositories/api-keys.js'
import { ensureIdentity, replaceRatelimits } from '../../repositories/identities.js'

/**
 * `keys.updateKey`: omitted fields stay, `null` clears a nullable one; `credits: null` makes the
 * key unlimited; `ratelimits`, `roles` and `permissions` replace the current lists.
 */
export const updateKey =
  (deps: Deps): ServiceHandler<'keys.updateKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    checkRatelimits(body.ratelimits)
    checkRefill(body.credits?.refill, 'body.credits.refill')
    await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(caller, tx, body.keyId, { forUpdate: true })
      const now = deps.now()
      const patch: KeyPatch = {}
      if (body.name !== undefined) patch.name = body.name
      if (body.meta !== undefined) patch.meta = body.meta
      if (body.expires !== undefined) patch.expiresAt = body.expires
      if (body.enabled !== undefined) patch.enabled = body.enabled
      if (body.externalId !== undefined) {
        patch.identityId =
          body.externalId === null ? null : await ensureIdentity(tx, key.workspaceId, body.externalId, now)
      }
      if (body.credits === null) {
        patch.creditsRemaining = null
        patch.refill = null
      } else if (body.credits !== undefined) {
        if (body.credits.remaining !== undefined) patch.creditsRemaining = body.credits.remaining
        if (body.credits.refill !== undefined) patch.refill = body.credits.refill
      }
      await updateRow(tx, key.id, patch, now)
      if (body.ratelimits !== undefined)
        await replaceRatelimits(tx, key.workspaceId, { keyId: key.id }, body.ratelimits)
      await setKeyAccess(
        tx,
        key.workspaceId,
        key.id,
        { roles: body.roles, permissions: body.permissions },
        now,
      )
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
