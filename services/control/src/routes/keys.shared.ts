/**
 * Helpers shared by the key, API, identity and permission operations: permission checks against
 * `x-required-permissions` with `{apiId}` filled from the key's API, the API form of a key, and
 * key settings (identity, rate limits, roles, permissions).
 */
import type { Sql } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { lastRefillTime } from '../domain/credits.js'
import { decodeCursor } from '../domain/cursor.js'
import { forbidden, invalidField, notFound } from '../domain/errors.js'
import { decryptSecret } from '../domain/key-secrets.js'
import { describeRequirement } from '../domain/permissions.js'
import { authorize, requiredPermissions } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'
import { findKey, type KeyRecord } from '../repositories/api-keys.js'
import {
  findIdentityById,
  type RatelimitInput,
  ratelimitsOf,
  toApiIdentity,
} from '../repositories/identities.js'
import {
  addKeyPermissions,
  addKeyRoles,
  clearKeyPermissions,
  clearKeyRoles,
  ensurePermissions,
  findRoles,
  keyDirectPermissions,
  keyRoles,
} from '../repositories/rbac.js'

/**
 * 403 unless the caller holds, for some alternative of the operation's `x-required-permissions`,
 * each permission for at least one resource. Checked before any lookup, so a key that may do
 * nothing of the kind learns nothing about what exists.
 */
export function requireSomePermission(c: Context<ServiceEnv>): void {
  const alternatives = requiredPermissions(c.get('operationId'))
  if (alternatives.length === 0) return
  const held = c.get('caller').permissions
  const ok = alternatives.some((alternative) =>
    alternative.every((template) => {
      const d = describeRequirement(template)
      return d !== undefined && held.idsWith(d.type, d.action).size > 0
    }),
  )
  if (!ok) throw forbidden(`The root key lacks ${alternatives.map((a) => a.join(' and ')).join(' or ')}.`)
}

/** 403 unless the caller may run the operation on `resource` (placeholders such as `{apiId}`). */
export function requirePermission(c: Context<ServiceEnv>, resource: Record<string, string> = {}): void {
  if (authorize(c, resource)) return
  const alternatives = requiredPermissions(c.get('operationId')).map((a) =>
    a.map((t) => t.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => resource[name] ?? `{${name}}`)),
  )
  throw forbidden(`The root key lacks ${alternatives.map((a) => a.join(' and ')).join(' or ')}.`)
}

/** Whether the caller may decrypt keys of `apiId` (`api.*.decrypt_key` or `api.<apiId>.decrypt_key`). */
export function mayDecrypt(c: Context<ServiceEnv>, apiId: string): boolean {
  return c
    .get('caller')
    .permissions.satisfies([['api.*.decrypt_key'], ['api.{apiId}.decrypt_key']], { apiId })
}

export const keyNotFound = (keyId: string) =>
  notFound('key', `The key ${keyId} does not exist or has been deleted.`)

/** The key of the caller's workspace that the caller may act on (404, then 403 for its API). */
export async function keyForOperation(c: Context<ServiceEnv>, sql: Sql, keyId: string): Promise<KeyRecord> {
  requireSomePermission(c)
  const key = await findKey(sql, c.get('caller').workspaceId, keyId)
  if (!key) throw keyNotFound(keyId)
  requirePermission(c, { apiId: key.apiId })
  return key
}

export function parseCursor(cursor: string | undefined) {
  if (cursor === undefined) return undefined
  const after = decodeCursor(cursor)
  if (!after) {
    throw invalidField(
      'body.cursor',
      'The cursor is not one this operation returned.',
      'Pass pagination.cursor from the previous page unchanged, or omit it.',
    )
  }
  return after
}

const MAX_LIMIT = 1_000_000
const MAX_DURATION = 2_592_000_000

/** Rate limits beyond what responses can carry (limit ≤ 1,000,000, duration ≤ 30 days) are refused. */
export function checkRatelimits(limits: readonly RatelimitInput[] | undefined, location = 'body.ratelimits') {
  limits?.forEach((l, i) => {
    if (l.limit > MAX_LIMIT) throw invalidField(`${location}[${i}].limit`, 'must be at most 1000000')
    if (l.duration > MAX_DURATION)
      throw invalidField(`${location}[${i}].duration`, 'must be at most 2592000000 (30 days)')
  })
  const names = new Set<string>()
  limits?.forEach((l, i) => {
    if (names.has(l.name)) throw invalidField(`${location}[${i}].name`, `duplicate rate limit name ${l.name}`)
    names.add(l.name)
  })
}

/** Replaces a key's roles (which must exist: 404) and/or direct permissions (created when missing). */
export async function setKeyAccess(
  sql: Sql,
  workspaceId: string,
  keyId: string,
  access: { roles?: readonly string[]; permissions?: readonly string[] },
  now: number,
) {
  if (access.roles !== undefined) {
    const { found, missing } = await findRoles(sql, workspaceId, access.roles)
    if (missing.length > 0) throw notFound('role', `The role ${missing[0]} does not exist.`)
    await clearKeyRoles(sql, keyId)
    await addKeyRoles(
      sql,
      keyId,
      found.map((r) => r.id),
    )
  }
  if (access.permissions !== undefined) {
    const permissions = await ensurePermissions(sql, workspaceId, access.permissions, now)
    await clearKeyPermissions(sql, keyId)
    await addKeyPermissions(
      sql,
      keyId,
      permissions.map((p) => p.id),
    )
  }
}

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
