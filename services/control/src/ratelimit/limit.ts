import { authorize } from '../access/authorize.js'
import type { Caller } from '../access/caller.js'
import type { Deps } from '../deps.js'
import { forbidden } from '../domain/errors.js'
import { decide, deleteExpiredWindows, type LimitResult } from './engine.js'
import {
  ensureNamespace,
  findNamespace,
  type Namespace,
  namespaceGone,
  namespaceNotFound,
  namespaceResources,
} from './namespaces.js'
import { applicableOverride, loadOverrideTable, matchOverride, type Override } from './overrides.js'

export interface LimitCheck {
  namespace: string
  identifier: string
  limit: number
  duration: number
  cost?: number | undefined
}

const CREATE_NAMESPACE = 'ratelimit.*.create_namespace'

/**
 * The namespace a limit check counts in: 403 when `mayLimit` says no (checked first, so a caller
 * without the permission learns nothing of the namespace); created on first use when the key
 * holds `ratelimit.*.create_namespace`, otherwise 404; 410 when deleted.
 */
export async function namespaceForLimit(
  deps: Deps,
  caller: Caller,
  name: string,
  mayLimit: (ns: { id: string; name: string }) => boolean,
): Promise<Namespace> {
  const find = () => findNamespace(deps.db, caller.workspaceId, name)
  let ns = deps.caches
    ? await deps.caches.namespaces.get(
        `${caller.workspaceId}\u0000${name}`,
        find,
        (found) => found !== undefined,
      )
    : await find()
  // A missing namespace has no id yet: only a permission by name or wildcard can cover it.
  if (!mayLimit(ns ?? { id: name, name }))
    throw forbidden(`The root key lacks ratelimit.${ns?.id ?? name}.limit or ratelimit.*.limit.`)
  if (!ns) {
    if (!caller.permissions.has(CREATE_NAMESPACE)) throw namespaceNotFound(name)
    ns = await ensureNamespace(deps.db, caller.workspaceId, name, deps.now())
  }
  if (ns.deletedAt !== null) throw namespaceGone(name)
  return ns
}

/** Whether the current operation's permission is held for the namespace (by id or by name). */
export const mayActOn = (caller: Caller) => (ns: { id: string; name: string }) =>
  namespaceResources(ns).some((r) => authorize(caller, r))

let decisions = 0

/**
 * Counts one check and records the decision for analytics: with leases (see leases.ts) when the
 * service has them, else as one decision statement (engine.ts). The override is looked up first
 * (cached like namespaces), then the identifier's window decides.
 */
export async function runCheck(deps: Deps, ns: Namespace, check: LimitCheck): Promise<LimitResult> {
  const now = deps.now()
  if (++decisions % 1000 === 0) void deleteExpiredWindows(deps.db, now).catch(() => {})
  if (!deps.ratelimits || !deps.analytics) {
    return decide(deps.db, {
      namespaceId: ns.id,
      identifier: check.identifier,
      limit: check.limit,
      duration: check.duration,
      cost: check.cost ?? 1,
      now,
      recordFor: ns.workspaceId,
    })
  }
  const override = await overrideFor(deps, ns.id, check.identifier)
  const limit = override?.limit ?? check.limit
  const duration = override?.duration ?? check.duration
  const taken = await deps.ratelimits.take({
    namespaceId: ns.id,
    identifier: check.identifier,
    limit,
    duration,
    cost: check.cost ?? 1,
    now,
  })
  void deps.analytics.recordDecision({
    workspaceId: ns.workspaceId,
    namespaceId: ns.id,
    identifier: check.identifier,
    passed: taken.success,
    time: now,
  })
  return {
    success: taken.success,
    limit,
    remaining: taken.remaining,
    reset: taken.windowStart + duration,
    ...(override ? { overrideId: override.overrideId } : {}),
  }
}

/**
 * The override applying to an identifier. With caches, from the namespace's table of overrides
 * (one query per namespace and TTL instead of one per new identifier); a namespace with too many
 * overrides for a table is looked up per identifier, cached the same way.
 */
async function overrideFor(
  deps: Deps,
  namespaceId: string,
  identifier: string,
): Promise<Override | undefined> {
  const lookup = async () => (await applicableOverride(deps.db, namespaceId, identifier)) ?? null
  if (!deps.caches) return (await lookup()) ?? undefined
  const table = await deps.caches.overrideTables.get(
    namespaceId,
    async () => (await loadOverrideTable(deps.db, namespaceId)) ?? null,
  )
  if (table) return matchOverride(table, identifier)
  return (await deps.caches.overrides.get(`${namespaceId}\u0000${identifier}`, lookup)) ?? undefined
}
