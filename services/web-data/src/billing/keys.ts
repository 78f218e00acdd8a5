import { type Database, newId, randomToken, type Sql, sha256 } from '@apiplatform/server-kit'
import type { Now } from '../clock.js'
import type { KeyScopes, Scope } from './scopes.js'

export interface Principal {
  teamId: string
  keyId: string
  /** What the key may do (`null`: everything). */
  scopes: KeyScopes
}

/** Looks a presented key up by its hash; revoked and unknown keys give undefined. */
export async function authenticate(sql: Sql, key: string): Promise<Principal | undefined> {
  const rows = await sql.query<{ id: string; team_id: string; scopes: Scope[] | null }>(
    'SELECT id, team_id, scopes FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [sha256(key)],
  )
  const row = rows[0]
  return row && { teamId: row.team_id, keyId: row.id, scopes: row.scopes ?? null }
}

/**
 * How long a successful key lookup is reused by `authenticateCached`. A key revoked through
 * `revokeKey` in this process is refused at once; revoked elsewhere (another instance sharing the
 * database, or SQL by hand) it keeps working for at most this long.
 */
export const AUTH_CACHE_MS = 5_000
const AUTH_CACHE_MAX = 10_000
type AuthCache = Map<string, { principal: Principal; expires: number }>
/** Per database, as one process may run services on several databases (tests do). */
const authCaches = new WeakMap<Sql, AuthCache>()
const allAuthCaches = new Set<WeakRef<AuthCache>>()

/**
 * `authenticate` with a short cache of known keys (unknown and revoked keys are never cached). Its
 * lifetime is read on `now` (`clock.ts`), so a test can advance past it instead of waiting.
 */
export async function authenticateCached(
  sql: Sql,
  key: string,
  now: Now = Date.now,
): Promise<Principal | undefined> {
  let authCache = authCaches.get(sql)
  if (!authCache) {
    authCache = new Map()
    authCaches.set(sql, authCache)
    allAuthCaches.add(new WeakRef(authCache))
  }
  const hash = sha256(key)
  const hit = authCache.get(hash)
  if (hit && hit.expires > now()) return hit.principal
  const principal = await authenticate(sql, key)
  if (principal) {
    if (authCache.size >= AUTH_CACHE_MAX) authCache.delete(authCache.keys().next().value as string)
    authCache.set(hash, { principal, expires: now() + AUTH_CACHE_MS })
  } else authCache.delete(hash)
  return principal
}

/** Forgets the keys `authenticateCached` found on `sql` (the test controls' reset restored its rows). */
export function forgetAuthCache(sql: Sql): void {
  authCaches.delete(sql)
}

/** A new secret in the format of the real API's keys. */
export function generateKey(): string {
  return `wd-${randomToken(32)}`
}

/** Creates a team with `credits` and a key for it (with every scope unless `scopes` is given). */
export async function createTeam(
  sql: Sql,
  options: { name: string; credits: number; key: string; teamId?: string; scopes?: readonly Scope[] },
): Promise<Principal> {
  const teamId = options.teamId ?? newId('team')
  const keyId = newId('key')
  await sql.query('INSERT INTO teams (id, name, credits_remaining) VALUES ($1, $2, 0)', [
    teamId,
    options.name,
  ])
  if (options.credits > 0) {
    await sql.query('UPDATE teams SET credits_remaining = $2, billing_configured = true WHERE id = $1', [
      teamId,
      options.credits,
    ])
    await sql.query('INSERT INTO credit_ledger (team_id, delta, reason) VALUES ($1, $2, $3)', [
      teamId,
      options.credits,
      'grant',
    ])
  }
  const scopes = options.scopes ? [...options.scopes] : null
  await sql.query('INSERT INTO api_keys (id, team_id, key_hash, label, scopes) VALUES ($1, $2, $3, $4, $5)', [
    keyId,
    teamId,
    sha256(options.key),
    options.name,
    scopes,
  ])
  return { teamId, keyId, scopes }
}

export async function revokeKey(sql: Sql, keyId: string): Promise<void> {
  await sql.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId])
  for (const ref of allAuthCaches) {
    const cache = ref.deref()
    if (!cache) {
      allAuthCaches.delete(ref)
      continue
    }
    for (const [hash, entry] of cache) if (entry.principal.keyId === keyId) cache.delete(hash)
  }
}

/**
 * Seeds the bootstrap key: when its hash is unknown, a team with `credits` is created for it.
 * Restarting with the same key keeps the team and its balance.
 */
export async function seedBootstrapKey(db: Database, key: string, credits: number): Promise<Principal> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7_200_0001])
    const existing = await authenticate(tx, key)
    if (existing) return existing
    return createTeam(tx, { name: 'bootstrap', credits, key })
  })
}
