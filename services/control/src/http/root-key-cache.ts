/**
 * A short-lived, in-process cache of root-key lookups: the hot path (`keys.verifyKey`,
 * `ratelimit.limit`) would otherwise pay one database round trip per request just to
 * authenticate. Only found keys are cached, by the SHA-256 of the secret, with their permissions
 * already parsed; expiry and revocation times are still compared with the clock on every request.
 *
 * Trade-off: a change to a root key made in the database (revocation, new permissions) is seen by
 * a running process within `ttlMs` (default 2000 ms, `CONTROL_AUTH_CACHE_MS`; 0 disables the
 * cache), and at once by the process that calls `invalidate()` (the seed does).
 */
import type { Sql } from '@apiplatform/server-kit'
import { hashSecret, SecretHashes } from '../domain/key-secrets.js'
import { PermissionSet } from '../domain/permissions.js'
import { findRootKeyByHash, type RootKeyRecord } from '../repositories/keys.js'

export interface CachedRootKey extends RootKeyRecord {
  permissionSet: PermissionSet
}

interface Entry {
  key: CachedRootKey
  until: number
}

export class RootKeyCache {
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Promise<CachedRootKey | undefined>>()
  /**
   * The SHA-256 of the secrets of the keys in `entries`, so that a busy key is not hashed on every
   * request. Only found keys: secrets that match nothing are never kept.
   */
  private readonly hashes: SecretHashes
  private generation = 0

  constructor(
    private readonly sql: Sql,
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {
    this.hashes = new SecretHashes(maxEntries)
  }

  /** The root key with this secret, from the cache while fresh, else from the database. */
  async find(secret: string): Promise<CachedRootKey | undefined> {
    // The same SHA-256 hex as server-kit's `sha256`, which stored it.
    const hash = this.hashes.get(secret) ?? hashSecret(secret)
    if (this.ttlMs <= 0) return this.load(hash)
    const hit = this.entries.get(hash)
    if (hit && hit.until > this.clock()) return hit.key
    // Concurrent misses for one key share a single query.
    let inFlight = this.pending.get(hash)
    if (!inFlight) {
      const generation = this.generation
      inFlight = this.load(hash).then(
        (key) => {
          this.pending.delete(hash)
          if (key && generation === this.generation) {
            if (this.entries.size >= this.maxEntries) this.entries.clear()
            this.entries.set(hash, { key, until: this.clock() + this.ttlMs })
            this.hashes.remember(secret, hash)
          }
          return key
        },
        (error: unknown) => {
          this.pending.delete(hash)
          throw error
        },
      )
      this.pending.set(hash, inFlight)
    }
    return inFlight
  }

  /** Forgets every cached key (after a write to root keys in this process). */
  invalidate(): void {
    this.generation++
    this.entries.clear()
    this.hashes.invalidate()
  }

  private async load(hash: string): Promise<CachedRootKey | undefined> {
    const key = await findRootKeyByHash(this.sql, hash)
    return key && { ...key, permissionSet: new PermissionSet(key.permissions) }
  }
}
