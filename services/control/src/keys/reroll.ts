import { newId, type Sql } from '@apiplatform/server-kit'
import type { Caller } from '../access/caller.js'
import type { Deps } from '../deps.js'
import { notFound } from '../domain/errors.js'
import { claimKeyForReroll, type KeyRecord, updateKey } from '../repositories/api-keys.js'
import { findApi } from '../repositories/apis.js'
import { ratelimitsOf } from '../repositories/identities.js'
import { keyDirectPermissions, keyRoles } from '../repositories/rbac.js'
import { currentCredits } from './api-form.js'
import { storeKey } from './create.js'

/** The 404 of a key that was found but can no longer be rerolled. */
export const keyNotRerollable = (keyId: string) =>
  notFound(
    'key',
    `The key ${keyId} cannot be rerolled: it has already been rerolled or has expired, or it has been deleted. Reroll its replacement instead.`,
  )

/**
 * Replaces `old` (in the caller's transaction): a new key with its settings, owner, credits, rate
 * limits, roles and permissions; `old` expires `expiration` milliseconds from now (0: now), never
 * later than it already would. A duration, not a timestamp: the real API's SDK documents it so. A key is replaced once: the claim decides among concurrent rerolls, and a key
 * already replaced, expired or deleted is a 404, so a key never has two live replacements.
 * Shared by `keys.rerollKey` and `portal.rerollKey`.
 */
export async function rerollStoredKey(
  deps: Deps,
  caller: Caller,
  tx: Sql,
  old: KeyRecord,
  expiration: number,
) {
  const now = deps.now()
  const replacementId = newId('key')
  // The API is locked before the key is claimed, in the order deleteApi locks them (API, then its
  // keys): a concurrent deletion either waits for the reroll or already took the key (404).
  if (!(await findApi(tx, old.workspaceId, old.apiId, { forNewKeys: true }))) throw keyNotRerollable(old.id)
  // The claimed row, not `old`: what the caller read may have changed before the claim locked it.
  const key = await claimKeyForReroll(tx, { workspaceId: old.workspaceId, keyId: old.id, replacementId, now })
  if (!key) throw keyNotRerollable(old.id)
  const [ratelimits, roles, permissions] = await Promise.all([
    ratelimitsOf(tx, { keyId: key.id }),
    keyRoles(tx, key.id),
    keyDirectPermissions(tx, key.id),
  ])
  const result = await storeKey(deps, tx, {
    caller,
    keyId: replacementId,
    workspaceId: key.workspaceId,
    apiId: key.apiId,
    prefix: key.prefix,
    byteLength: key.byteLength,
    recoverable: key.encrypted !== null,
    settings: {
      name: key.name,
      identityId: key.identityId,
      meta: key.meta,
      expires: key.expiresAt,
      enabled: key.enabled,
      credits:
        key.creditsRemaining !== null || key.refill
          ? { remaining: currentCredits(key, now), refill: key.refill }
          : null,
      ratelimits,
      roles: roles.map((r) => r.id),
      permissions: permissions.map((p) => p.slug),
    },
  })
  const expiresAt = Math.min(now + expiration, key.expiresAt ?? Number.POSITIVE_INFINITY)
  await updateKey(tx, key.id, { expiresAt }, now)
  return result
}
