/**
 * The in-process caches of the hot path (`keys.verifyKey`, `ratelimit.limit`). Each is a
 * TtlCache: this process's own writes invalidate it at once (`http/invalidating-writes.ts`, by
 * `staleAfter`), other processes' writes are seen within its TTL (`CONTROL_CACHE_MS`, default
 * 1000 ms).
 */
import type { OperationId } from '@apiplatform/control-routes'
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

const KEY_NAMESPACES = new Set(['apis', 'identities', 'keys', 'permissions', 'portal'])
const READS = /^(get|list|verify|whoami|exchange|createSession)/

/** Which caches a write operation makes stale. */
export function staleAfter(operationId: OperationId): Array<keyof ServiceCaches> {
  const [namespace, procedure = ''] = operationId.split('.')
  if (KEY_NAMESPACES.has(namespace ?? '') && !READS.test(procedure)) return ['keys', 'keyHashes']
  if (operationId === 'ratelimit.setOverride' || operationId === 'ratelimit.deleteOverride')
    return ['overrideTables', 'overrides']
  return []
}
