/** The API form of a key (KeyResponseData) and of its credits. */
import type { Sql } from '@apiplatform/server-kit'
import type { Deps } from '../deps.js'
import { lastRefillTime } from '../domain/credits.js'
import { decryptSecret } from '../domain/key-secrets.js'
import type { KeyRecord } from '../repositories/api-keys.js'
import { findIdentityById, ratelimitsOf, toApiIdentity } from '../repositories/identities.js'
import { keyDirectPermissions, keyRoles } from '../repositories/rbac.js'

/** Credits as they are now, counting a refill that is due but not yet written. */
export function currentCredits(key: KeyRecord, now: number): number | null {
  if (key.refill && (key.lastRefillAt === null || key.lastRefillAt < lastRefillTime(key.refill, now))) {
    return key.refill.amount
  }
  return key.creditsRemaining
}

export function creditsData(key: KeyRecord, now: number) {
  const refill = key.refill && {
    interval: key.refill.interval,
    amount: key.refill.amount,
    ...(key.refill.interval === 'monthly' ? { refillDay: key.refill.refillDay ?? 1 } : {}),
  }
  return { remaining: currentCredits(key, now), ...(refill ? { refill } : {}) }
}

/** The API form of a key (KeyResponseData). */
export async function toApiKey(deps: Deps, sql: Sql, key: KeyRecord, options: { decrypt?: boolean } = {}) {
  const now = deps.now()
  const [permissions, roles, ratelimits, identity] = await Promise.all([
    keyDirectPermissions(sql, key.id),
    keyRoles(sql, key.id),
    ratelimitsOf(sql, { keyId: key.id }),
    key.identityId ? findIdentityById(sql, key.workspaceId, key.identityId) : undefined,
  ])
  const plaintext =
    options.decrypt && key.encrypted && deps.encryptionKey
      ? decryptSecret(deps.encryptionKey, key.encrypted)
      : undefined
  return {
    keyId: key.id,
    start: key.start,
    enabled: key.enabled,
    ...(key.name !== null ? { name: key.name } : {}),
    ...(key.meta ? { meta: key.meta } : {}),
    createdAt: key.createdAt,
    ...(key.updatedAt !== null ? { updatedAt: key.updatedAt } : {}),
    ...(key.lastUsedAt !== null ? { lastUsedAt: key.lastUsedAt } : {}),
    ...(key.expiresAt !== null ? { expires: key.expiresAt } : {}),
    permissions: permissions.map((p) => p.slug),
    roles: roles.map((r) => r.name),
    ...(key.creditsRemaining !== null || key.refill ? { credits: creditsData(key, now) } : {}),
    ...(identity ? { identity: await toApiIdentity(sql, identity) } : {}),
    ...(plaintext !== undefined ? { plaintext } : {}),
    ratelimits,
  }
}
