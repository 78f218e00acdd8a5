import type { Sql } from '@apiplatform/server-kit'
import type { Deps } from '../deps.js'
import { type KeyRecord, updateKey } from '../repositories/api-keys.js'
import { ratelimitsOf } from '../repositories/identities.js'
import { keyDirectPermissions, keyRoles } from '../repositories/rbac.js'
import { currentCredits } from './api-form.js'
import { storeKey } from './create.js'

/**
 * Replaces `old` (in the caller's transaction): a new key with its settings, owner, credits, rate
 * limits, roles and permissions; `old` expires at `expiration` (0: now), never later than it
 * already would. Shared by `keys.rerollKey` and `portal.rerollKey`.
 */
export async function rerollStoredKey(deps: Deps, tx: Sql, old: KeyRecord, expiration: number) {
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
  const expiresAt = expiration === 0 ? now : Math.min(expiration, old.expiresAt ?? Number.POSITIVE_INFINITY)
  await updateKey(tx, old.id, { expiresAt }, now)
  return result
}
