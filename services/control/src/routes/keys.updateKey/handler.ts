import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { Refill } from '../../domain/credits.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkRefill } from '../../keys/create.js'
import { checkRatelimits, setKeyAccess } from '../../keys/settings.js'
import { type KeyPatch, updateKey as updateRow } from '../../repositories/api-keys.js'
import { ensureIdentity, replaceRatelimits } from '../../repositories/identities.js'

/**
 * `keys.updateKey`: omitted fields stay, `null` clears a nullable one; `credits: null` makes the
 * key unlimited, and `credits.remaining` drops the refill (see `creditsPatch`); `ratelimits`,
 * `roles` and `permissions` replace the current lists.
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
      await updateRow(tx, key.id, { ...patch, ...creditsPatch(body.credits) }, now)
      if (body.ratelimits !== undefined)
        await replaceRatelimits(tx, key.workspaceId, { keyId: key.id }, body.ratelimits)
      await setKeyAccess(
        caller,
        tx,
        key.workspaceId,
        key.id,
        { roles: body.roles, permissions: body.permissions },
        now,
      )
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }

/**
 * The credit columns `credits` changes. Setting `remaining` also clears the refill schedule unless
 * a new `refill` comes with it, as the official SDK documents it: a key moved to a fixed balance
 * (or to unlimited) must not be refilled to its old amount at the next refill time.
 */
function creditsPatch(
  credits: { remaining?: number | null; refill?: Refill | null } | null | undefined,
): Pick<KeyPatch, 'creditsRemaining' | 'refill'> {
  if (credits === undefined) return {}
  if (credits === null) return { creditsRemaining: null, refill: null }
  const patch: Pick<KeyPatch, 'creditsRemaining' | 'refill'> = {}
  if (credits.remaining !== undefined) {
    patch.creditsRemaining = credits.remaining
    patch.refill = null
  }
  if (credits.refill !== undefined) patch.refill = credits.refill
  return patch
}
