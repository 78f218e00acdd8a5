import { createHash } from 'node:crypto'
import { requirePermission } from '../../access/permission.js'
import type { KeySnapshot } from '../../caches.js'
import type { Deps } from '../../deps.js'
import { lastRefillTime } from '../../domain/credits.js'
import { invalidField, notFound } from '../../domain/errors.js'
import { hashSecret } from '../../domain/key-secrets.js'
import {
  evaluateQuery,
  parsePermissionQueryCached,
  type Query,
  QueryError,
} from '../../domain/permission-query.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import {
  applyRefill,
  findKeyByHash,
  findMigration,
  type KeyRecord,
  recordVerification,
  spendCredits,
  takeRatelimitTokens,
} from '../../repositories/api-keys.js'
import {
  findIdentityById,
  type RatelimitRecord,
  ratelimitsOf,
  toApiIdentity,
} from '../../repositories/identities.js'
import { keyEffectivePermissionSlugs, keyRoles } from '../../repositories/rbac.js'

type Code =
  | 'VALID'
  | 'NOT_FOUND'
  | 'INSUFFICIENT_PERMISSIONS'
  | 'USAGE_EXCEEDED'
  | 'RATE_LIMITED'
  | 'DISABLED'
  | 'EXPIRED'

/** Region recorded with each verification (`key_verifications.region`). */
const REGION = process.env.CONTROL_REGION || 'local'

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/**
 * `keys.verifyKey`: whether a key is valid, checked in this order: NOT_FOUND (unknown or
 * deleted), DISABLED, EXPIRED, INSUFFICIENT_PERMISSIONS (the `permissions` query), RATE_LIMITED
 * (auto-applied and requested limits of the key and its identity), USAGE_EXCEEDED (credits,
 * spent in one atomic statement; default cost 1). Every call is recorded in `key_verifications`.
 */
export const verifyKey =
  (deps: Deps): ServiceHandler<'keys.verifyKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const workspaceId = caller.workspaceId
    let query: Query | undefined
    if (body.permissions !== undefined) {
      try {
        query = parsePermissionQueryCached(body.permissions)
      } catch (error) {
        if (!(error instanceof QueryError)) throw error
        throw invalidField(
          'body.permissions',
          `The permission query is invalid: ${error.message}.`,
          'Combine permission slugs with AND, OR and parentheses, e.g. "a.read AND (a.write OR admin)".',
        )
      }
    }
    const hash = deps.caches?.keyHashes.get(body.key) ?? hashSecret(body.key)
    const hashes = [hash]
    if (body.migrationId !== undefined) {
      const migration = await findMigration(deps.db, workspaceId, body.migrationId)
      if (!migration) throw notFound('migration', `The migration ${body.migrationId} does not exist.`)
      if (migration.algorithm !== 'sha256') hashes.push(hashSecret(body.key, migration.algorithm))
    }
    const now = deps.now()
    const tags = body.tags ?? []
    const snapshot = await keySnapshot(deps, workspaceId, hashes)
    if (snapshot && hashes.length === 1) deps.caches?.keyHashes.remember(body.key, hash)
    if (!snapshot) {
      await record(deps, {
        workspaceId,
        keyId: null,
        apiId: null,
        identityId: null,
        outcome: 'NOT_FOUND',
        tags,
        region: REGION,
        now,
      })
      return c.json({ meta: { requestId }, data: { valid: false, code: 'NOT_FOUND' as const } }, 200)
    }
    const { key, permissions, roles, keyLimits, identityLimits, identityData } = snapshot
    requirePermission(caller, { apiId: key.apiId })

    let code: Code = 'VALID'
    let credits: number | null = key.creditsRemaining
    const ratelimits: VerifyRatelimit[] = []
    if (!key.enabled) code = 'DISABLED'
    else if (key.expiresAt !== null && key.expiresAt <= now) code = 'EXPIRED'
    else if (query && !evaluateQuery(query, new Set(permissions))) code = 'INSUFFICIENT_PERMISSIONS'
    else {
      const exceeded = await applyRatelimits(
        deps,
        key,
        keyLimits,
        identityLimits,
        body.ratelimits ?? [],
        now,
        ratelimits,
      )
      if (exceeded) code = 'RATE_LIMITED'
      else {
        if (key.creditsRemaining === null && !key.refill && deps.analytics) {
          // Unlimited: nothing to spend; last_used_at is written with the next analytics batch.
          deps.analytics.touchKey(key.id, now)
        } else {
          if (key.refill) await applyRefill(deps.db, key.id, lastRefillTime(key.refill, now), now)
          const cost = body.credits?.cost ?? 1
          const spent = await spendCredits(deps.db, key.id, cost, now)
          if (spent) credits = spent.remaining
          else {
            code = 'USAGE_EXCEEDED'
            credits = 0
          }
        }
      }
    }
    await record(deps, {
      workspaceId,
      keyId: key.id,
      apiId: key.apiId,
      identityId: key.identityId,
      outcome: code,
      tags,
      region: REGION,
      now,
    })
    return c.json(
      {
        meta: { requestId },
        data: {
          valid: code === 'VALID',
          code,
          keyId: key.id,
          ...(key.name !== null ? { name: key.name } : {}),
          ...(key.meta ? { meta: key.meta } : {}),
          ...(key.expiresAt !== null ? { expires: key.expiresAt } : {}),
          ...(credits !== null ? { credits } : {}),
          enabled: key.enabled,
          permissions,
          roles: roles.map((r) => r.name),
          ...(identityData ? { identity: identityData } : {}),
          ...(ratelimits.length > 0 ? { ratelimits } : {}),
        },
      },
      200,
    )
  }

/**
 * What verification reads about a key (not its credits): from the key cache (this process's key
 * writes invalidate it; other processes' within its TTL), else from the database.
 */
async function keySnapshot(deps: Deps, workspaceId: string, hashes: string[]): Promise<KeySnapshot | null> {
  const load = async (): Promise<KeySnapshot | null> => {
    const key = await findKeyByHash(deps.db, workspaceId, hashes)
    if (!key) return null
    const [permissions, roles, keyLimits, identity, identityLimits] = await Promise.all([
      keyEffectivePermissionSlugs(deps.db, key.id),
      keyRoles(deps.db, key.id),
      ratelimitsOf(deps.db, { keyId: key.id }),
      key.identityId ? findIdentityById(deps.db, workspaceId, key.identityId) : undefined,
      key.identityId ? ratelimitsOf(deps.db, { identityId: key.identityId }) : [],
    ])
    const identityData = identity ? await toApiIdentity(deps.db, identity) : undefined
    return { key, permissions, roles, keyLimits, identity, identityLimits, identityData }
  }
  if (!deps.caches) return load()
  return deps.caches.keys.get(`${workspaceId}\u0000${hashes.join('\u0000')}`, load)
}

/** Records the verification: buffered (see AnalyticsBuffer), or written at once without a buffer. */
function record(deps: Deps, v: Parameters<typeof recordVerification>[1]): Promise<void> {
  if (!deps.analytics) return recordVerification(deps.db, v)
  return deps.analytics.recordVerification({ ...v, time: v.now })
}

/**
 * Takes `cost` tokens of a key or identity limit: from the permits this instance leased (see
 * src/ratelimit/leases.ts) when the service has key leases, else in one statement.
 */
async function takeTokens(
  deps: Deps,
  input: { scopeId: string; name: string; limit: number; duration: number; cost: number; now: number },
): Promise<{ granted: boolean; used: number; windowStart: number }> {
  if (!deps.keyRatelimits) return takeRatelimitTokens(deps.db, input)
  const taken = await deps.keyRatelimits.take({
    namespaceId: input.scopeId,
    identifier: input.name,
    limit: input.limit,
    duration: input.duration,
    cost: input.cost,
    now: input.now,
  })
  return {
    granted: taken.success,
    used: input.limit - taken.remaining,
    windowStart: taken.windowStart,
  }
}

interface VerifyRatelimit {
  exceeded: boolean
  id: string
  name: string
  limit: number
  duration: number
  reset: number
  remaining: number
  autoApply: boolean
}

/**
 * Takes tokens from every auto-applied limit of the key and its identity (the key's wins on a
 * shared name) and from every requested one (which may override limit and duration, or define an
 * ad-hoc limit of the key). Returns whether one was exceeded; fills `out`.
 */
async function applyRatelimits(
  deps: Deps,
  key: KeyRecord,
  keyLimits: RatelimitRecord[],
  identityLimits: RatelimitRecord[],
  requested: ReadonlyArray<{ name: string; cost?: number; limit?: number; duration?: number }>,
  now: number,
  out: VerifyRatelimit[],
): Promise<boolean> {
  const configured = new Map<string, { rl: RatelimitRecord; scopeId: string }>()
  for (const rl of identityLimits) configured.set(rl.name, { rl, scopeId: key.identityId ?? key.id })
  for (const rl of keyLimits) configured.set(rl.name, { rl, scopeId: key.id })
  const apply = new Map<string, { rl: RatelimitRecord; scopeId: string; cost: number }>()
  for (const [name, entry] of configured) if (entry.rl.autoApply) apply.set(name, { ...entry, cost: 1 })
  for (const r of requested) {
    const entry = configured.get(r.name)
    if (entry) {
      apply.set(r.name, {
        scopeId: entry.scopeId,
        cost: r.cost ?? 1,
        rl: { ...entry.rl, limit: r.limit ?? entry.rl.limit, duration: r.duration ?? entry.rl.duration },
      })
    } else if (r.limit !== undefined && r.duration !== undefined && r.duration > 0) {
      const id = `rl_adhoc_${createHash('sha256').update(r.name).digest('hex').slice(0, 12)}`
      apply.set(r.name, {
        scopeId: key.id,
        cost: r.cost ?? 1,
        rl: { id, name: r.name, limit: r.limit, duration: r.duration, autoApply: false },
      })
    }
  }
  let exceeded = false
  for (const { rl, scopeId, cost } of apply.values()) {
    const taken = await takeTokens(deps, {
      scopeId,
      name: rl.name,
      limit: rl.limit,
      duration: rl.duration,
      cost,
      now,
    })
    if (!taken.granted) exceeded = true
    out.push({
      exceeded: !taken.granted,
      id: rl.id,
      name: rl.name,
      limit: clamp(rl.limit, 1, 1_000_000),
      duration: clamp(rl.duration, 1000, 2_592_000_000),
      reset: clamp(taken.windowStart + rl.duration - now, 1000, 2_592_000_000),
      remaining: clamp(rl.limit - taken.used, 0, 1_000_000),
      autoApply: rl.autoApply,
    })
  }
  return exceeded
}
