/**
 * The in-process caches of the hot path (`keys.verifyKey`, `ratelimit.limit`). Each is a
 * TtlCache: this process's own writes invalidate it at once (`http/invalidating-writes.ts`, by
 * `staleAfter`), other processes' writes are seen within its TTL (`CONTROL_CACHE_MS`, default
 * 1000 ms).
 */
import { idempotentWrites, type OperationId } from '@apiplatform/control-routes'
import { TtlCache } from '@apiplatform/server-kit'
import { SecretHashes } from './domain/key-secrets.js'
import type { Namespace } from './ratelimit/namespaces.js'
import type { Override, OverrideTable } from './ratelimit/overrides.js'
import type { KeyRecord } from './repositories/api-keys.js'
import type { IdentityRecord, RatelimitRecord, toApiIdentity } from './repositories/identities.js'

/** What `keys.verifyKey` reads about a key, except its credits (always read and spent in the database). */
export interface KeySnapshot {
  key: KeyRecord
  permissions: string[]
  roles: Array<{ name: string }>
  keyLimits: RatelimitRecord[]
  identity: IdentityRecord | undefined
  identityLimits: RatelimitRecord[]
  /** The API form of the identity (with its rate limits). */
  identityData: Awaited<ReturnType<typeof toApiIdentity>> | undefined
}

export interface ServiceCaches {
  /** Key snapshots by workspace and secret hashes; `null`: no such key. */
  keys: TtlCache<KeySnapshot | null>
  /** Rate-limit namespaces by workspace and name (found ones only). */
  namespaces: TtlCache<Namespace | undefined>
  /** Every override of a namespace by its id (`null`: too many to hold, see `overrides`). */
  overrideTables: TtlCache<OverrideTable | null>
  /** The override applying to a namespace and identifier (`null`: none), for namespaces without a table. */
  overrides: TtlCache<Override | null>
  /** The SHA-256 of the secrets of keys found by `keys.verifyKey`, dropped with the key snapshots. */
  keyHashes: SecretHashes
}

export function createCaches(ttlMs: number, clock: () => number = Date.now): ServiceCaches {
  return {
    keys: new TtlCache(ttlMs, clock),
    namespaces: new TtlCache(ttlMs, clock),
    overrideTables: new TtlCache(ttlMs, clock),
    overrides: new TtlCache(ttlMs, clock),
    keyHashes: new SecretHashes(ttlMs > 0 ? 10_000 : 0),
  }
}

/** The namespaces whose writes can change what a key snapshot holds. */
const KEY_NAMESPACES = new Set(['apis', 'identities', 'keys', 'permissions', 'portal'])

/**
 * Writes of those namespaces that change no key record, so leave the key caches alone:
 * - `keys.verifyKey` spends credits, which are always read from the database (see `KeySnapshot`);
 * - `portal.exchangeCode` and `portal.createSession` create portal sessions, not keys.
 */
const KEY_PRESERVING_WRITES: ReadonlySet<OperationId> = new Set<OperationId>([
  'keys.verifyKey',
  'portal.exchangeCode',
  'portal.createSession',
])

/**
 * Which caches an operation makes stale. Only writes can: the operations that take an
 * `Idempotency-Key` in the spec (`idempotentWrites`, generated from it), never told by name.
 */
export function staleAfter(operationId: OperationId): Array<keyof ServiceCaches> {
  if (!idempotentWrites.has(operationId)) return []
  const [namespace = ''] = operationId.split('.')
  if (KEY_NAMESPACES.has(namespace) && !KEY_PRESERVING_WRITES.has(operationId)) return ['keys', 'keyHashes']
  if (operationId === 'ratelimit.setOverride' || operationId === 'ratelimit.deleteOverride')
    return ['overrideTables', 'overrides']
  return []
}
