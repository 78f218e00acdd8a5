/**
 * API keys (not root keys: see keys.ts). Only hashes are stored; `encrypted` holds the AES-GCM
 * ciphertext of a recoverable key. Every lookup is scoped by workspace; deleted keys (soft
 * deletion sets `deleted_at`) are invisible to every lookup.
 */
import type { Sql } from '@apiplatform/server-kit'
import type { Refill } from '../domain/credits.js'
import { json, num, numOrNull } from './rows.js'

export interface KeyRecord {
  id: string
  workspaceId: string
  apiId: string
  hash: string
  migrationId: string | null
  start: string
  prefix: string | null
  byteLength: number
  name: string | null
  identityId: string | null
  meta: Record<string, unknown> | null
  enabled: boolean
  expiresAt: number | null
  creditsRemaining: number | null
  refill: Refill | null
  lastRefillAt: number | null
  encrypted: string | null
  /** The key that replaced this one through a reroll. */
  replacedBy: string | null
  createdAt: number
  updatedAt: number | null
  lastUsedAt: number | null
}

interface Row {
  id: string
  workspace_id: string
  api_id: string
  hash: string
  migration_id: string | null
  start: string
  prefix: string | null
  byte_length: unknown
  name: string | null
  identity_id: string | null
  meta: unknown
  enabled: boolean
  expires_at: unknown
  credits_remaining: unknown
  refill_interval: 'daily' | 'monthly' | null
  refill_amount: unknown
  refill_day: unknown
  last_refill_at: unknown
  encrypted: string | null
  replaced_by: string | null
  created_at: unknown
  updated_at: unknown
  last_used_at: unknown
}

export const toKeyRecord = (r: Row): KeyRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  apiId: r.api_id,
  hash: r.hash,
  migrationId: r.migration_id,
  start: r.start,
  prefix: r.prefix,
  byteLength: num(r.byte_length),
  name: r.name,
  identityId: r.identity_id,
  meta: r.meta === null || r.meta === undefined ? null : json<Record<string, unknown>>(r.meta),
  enabled: r.enabled,
  expiresAt: numOrNull(r.expires_at),
  creditsRemaining: numOrNull(r.credits_remaining),
  refill: r.refill_interval
    ? { interval: r.refill_interval, amount: num(r.refill_amount), refillDay: numOrNull(r.refill_day) }
    : null,
  lastRefillAt: numOrNull(r.last_refill_at),
  encrypted: r.encrypted,
  replacedBy: r.replaced_by ?? null,
  createdAt: num(r.created_at),
  updatedAt: numOrNull(r.updated_at),
  lastUsedAt: numOrNull(r.last_used_at),
})

export interface NewKey {
  id: string
  workspaceId: string
  apiId: string
  hash: string
  migrationId?: string | null
  start: string
  prefix?: string | null
  byteLength?: number
  name?: string | null
  identityId?: string | null
  meta?: Record<string, unknown> | null
  enabled: boolean
  expiresAt?: number | null
  creditsRemaining?: number | null
  refill?: Refill | null
  encrypted?: string | null
  now: number
}

/** Inserts a key; false when a key with this hash already exists in the workspace. */
export async function insertKey(sql: Sql, k: NewKey): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO api_keys (id, workspace_id, api_id, hash, migration_id, start, prefix, byte_length, name,
       identity_id, meta, enabled, expires_at, credits_remaining, refill_interval, refill_amount, refill_day,
       last_refill_at, encrypted, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18)
     ON CONFLICT (workspace_id, hash) DO NOTHING RETURNING id`,
    [
      k.id,
      k.workspaceId,
      k.apiId,
      k.hash,
      k.migrationId ?? null,
      k.start,
      k.prefix ?? null,
      k.byteLength ?? 16,
      k.name ?? null,
      k.identityId ?? null,
      k.meta ? JSON.stringify(k.meta) : null,
      k.enabled,
      k.expiresAt ?? null,
      k.creditsRemaining ?? null,
      k.refill?.interval ?? null,
      k.refill?.amount ?? null,
      k.refill?.refillDay ?? null,
      k.now,
      k.encrypted ?? null,
    ],
  )
  return rows.length === 1
}

/**
 * `forUpdate` locks the row until the transaction ends: a writer of the key's rows then meets it
 * deleted as a 404, not as a broken reference.
 */
export async function findKey(
  sql: Sql,
  workspaceId: string,
  keyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<KeyRecord | undefined> {
  const rows = await sql.query<Row>(
    `SELECT * FROM api_keys WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [keyId, workspaceId],
  )
  return rows[0] && toKeyRecord(rows[0])
}

export async function findKeyByHash(sql: Sql, workspaceId: string, hashes: readonly string[]) {
  const rows = await sql.query<Row>(
    'SELECT * FROM api_keys WHERE workspace_id = $1 AND hash = ANY($2::text[]) AND deleted_at IS NULL LIMIT 1',
    [workspaceId, [...hashes]],
  )
  return rows[0] && toKeyRecord(rows[0])
}

export async function listKeysOfApi(
  sql: Sql,
  input: { apiId: string; identityId?: string; after?: { createdAt: number; id: string }; limit: number },
) {
  const rows = await sql.query<Row>(
    `SELECT * FROM api_keys WHERE api_id = $1 AND deleted_at IS NULL
       AND ($2::text IS NULL OR identity_id = $2)
       AND ($3::bigint IS NULL OR (created_at, id) > ($3::bigint, $4::text))
     ORDER BY created_at, id LIMIT $5`,
    [
      input.apiId,
      input.identityId ?? null,
      input.after?.createdAt ?? null,
      input.after?.id ?? '',
      input.limit,
    ],
  )
  return rows.map(toKeyRecord)
}

/** The keys of one identity in a workspace (any API), oldest first: the portal's view. */
export async function listKeysOfIdentity(
  sql: Sql,
  input: {
    workspaceId: string
    identityId: string
    after?: { createdAt: number; id: string }
    limit: number
  },
) {
  const rows = await sql.query<Row>(
    `SELECT * FROM api_keys WHERE workspace_id = $1 AND identity_id = $2 AND deleted_at IS NULL
       AND ($3::bigint IS NULL OR (created_at, id) > ($3::bigint, $4::text))
     ORDER BY created_at, id LIMIT $5`,
    [input.workspaceId, input.identityId, input.after?.createdAt ?? null, input.after?.id ?? '', input.limit],
  )
  return rows.map(toKeyRecord)
}

/** Columns `updateKey` may set, by API field. */
export interface KeyPatch {
  name?: string | null
  identityId?: string | null
  meta?: Record<string, unknown> | null
  enabled?: boolean
  expiresAt?: number | null
  creditsRemaining?: number | null
  refill?: Refill | null
}

export async function updateKey(sql: Sql, keyId: string, patch: KeyPatch, now: number) {
  const sets: string[] = ['updated_at = $2']
  const params: unknown[] = [keyId, now]
  const set = (column: string, value: unknown) => {
    params.push(value)
    sets.push(`${column} = $${params.length}`)
  }
  if (patch.name !== undefined) set('name', patch.name)
  if (patch.identityId !== undefined) set('identity_id', patch.identityId)
  if (patch.meta !== undefined) set('meta', patch.meta === null ? null : JSON.stringify(patch.meta))
  if (patch.enabled !== undefined) set('enabled', patch.enabled)
  if (patch.expiresAt !== undefined) set('expires_at', patch.expiresAt)
  if (patch.creditsRemaining !== undefined) set('credits_remaining', patch.creditsRemaining)
  if (patch.refill !== undefined) {
    set('refill_interval', patch.refill?.interval ?? null)
    set('refill_amount', patch.refill?.amount ?? null)
    set('refill_day', patch.refill?.refillDay ?? null)
    set('last_refill_at', now)
  }
  await sql.query(`UPDATE api_keys SET ${sets.join(', ')} WHERE id = $1`, params)
}

/**
 * Claims `keyId` for a reroll by `replacementId`, in one statement: of concurrent rerolls exactly
 * one claims it, and a deleted, expired or already replaced key is not claimed (undefined).
 * Returns the key as it is before the reroll changes its expiry.
 */
export async function claimKeyForReroll(
  sql: Sql,
  input: { workspaceId: string; keyId: string; replacementId: string; now: number },
): Promise<KeyRecord | undefined> {
  const rows = await sql.query<Row>(
    `UPDATE api_keys SET replaced_by = $3, updated_at = $4
     WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL AND replaced_by IS NULL
       AND (expires_at IS NULL OR expires_at > $4)
     RETURNING *`,
    [input.keyId, input.workspaceId, input.replacementId, input.now],
  )
  return rows[0] && toKeyRecord(rows[0])
}

/** Soft deletion, decided in one statement: false when the key was already deleted. */
export async function softDeleteKey(sql: Sql, keyId: string, now: number): Promise<boolean> {
  const rows = await sql.query(
    'UPDATE api_keys SET deleted_at = $2, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id',
    [keyId, now],
  )
  return rows.length === 1
}

/** Erasure, decided in one statement: false when the key was already gone. */
export async function hardDeleteKey(sql: Sql, keyId: string): Promise<boolean> {
  const rows = await sql.query('DELETE FROM api_keys WHERE id = $1 RETURNING id', [keyId])
  return rows.length === 1
}

/**
 * Applies a due refill (sets the remaining credits to the refill amount) unless another request
 * already did; `since` is the latest refill time.
 */
export async function applyRefill(sql: Sql, keyId: string, since: number, now: number) {
  await sql.query(
    `UPDATE api_keys SET credits_remaining = refill_amount, last_refill_at = $3
     WHERE id = $1 AND refill_interval IS NOT NULL AND (last_refill_at IS NULL OR last_refill_at < $2)`,
    [keyId, since, now],
  )
}

/**
 * Spends `cost` credits in one statement (atomic under concurrency) and marks the key used.
 * Returns the remaining credits (null: unlimited), or undefined when there are not enough.
 */
export async function spendCredits(
  sql: Sql,
  keyId: string,
  cost: number,
  now: number,
): Promise<{ remaining: number | null } | undefined> {
  const rows = await sql.query<{ credits_remaining: unknown }>(
    `UPDATE api_keys SET credits_remaining = credits_remaining - $2, last_used_at = $3
     WHERE id = $1 AND (credits_remaining IS NULL OR credits_remaining >= $2)
     RETURNING credits_remaining`,
    [keyId, cost, now],
  )
  return rows[0] ? { remaining: numOrNull(rows[0].credits_remaining) } : undefined
}

/** `keys.updateCredits`: one atomic statement per operation; returns the row after it. */
export async function changeCredits(
  sql: Sql,
  keyId: string,
  operation: 'set' | 'increment' | 'decrement',
  value: number | null,
  now: number,
): Promise<KeyRecord | undefined> {
  const expression =
    operation === 'set'
      ? '$2::bigint'
      : operation === 'increment'
        ? 'credits_remaining + $2::bigint'
        : 'GREATEST(credits_remaining - $2::bigint, 0)'
  const rows = await sql.query<Row>(
    `UPDATE api_keys SET credits_remaining = ${expression}, updated_at = $3 WHERE id = $1 RETURNING *`,
    [keyId, value, now],
  )
  return rows[0] && toKeyRecord(rows[0])
}

/**
 * Takes `cost` tokens from a fixed window of `duration` ms (atomic). Returns the count in the
 * window after the call and whether the tokens were granted.
 */
export async function takeRatelimitTokens(
  sql: Sql,
  input: { scopeId: string; name: string; limit: number; duration: number; cost: number; now: number },
): Promise<{ granted: boolean; used: number; windowStart: number }> {
  const windowStart = Math.floor(input.now / input.duration) * input.duration
  const params = [input.scopeId, input.name, input.duration, windowStart]
  if (input.cost <= input.limit) {
    const rows = await sql.query<{ count: unknown }>(
      `INSERT INTO key_ratelimit_windows (scope_id, name, duration, window_start, count) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (scope_id, name, duration, window_start) DO UPDATE
         SET count = key_ratelimit_windows.count + EXCLUDED.count
         WHERE key_ratelimit_windows.count + EXCLUDED.count <= $6
       RETURNING count`,
      [...params, input.cost, input.limit],
    )
    if (rows[0]) return { granted: true, used: num(rows[0].count), windowStart }
  }
  const rows = await sql.query<{ count: unknown }>(
    'SELECT count FROM key_ratelimit_windows WHERE scope_id = $1 AND name = $2 AND duration = $3 AND window_start = $4',
    params,
  )
  return { granted: false, used: num(rows[0]?.count), windowStart }
}

/** One row of `key_verifications`, as `recordVerification` and the analytics buffer write it. */
export interface VerificationRow {
  workspaceId: string
  keyId: string | null
  apiId: string | null
  identityId: string | null
  outcome: string
  tags: readonly string[]
  region: string
  /** Unix ms. */
  time: number
}

/** Records one verification for analytics (`key_verifications`). */
export async function recordVerification(sql: Sql, v: Omit<VerificationRow, 'time'> & { now: number }) {
  await sql.query(
    `INSERT INTO key_verifications (workspace_id, key_id, api_id, identity_id, outcome, time, tags, region)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6::double precision / 1000), $7::text[], $8)`,
    [v.workspaceId, v.keyId, v.apiId, v.identityId, v.outcome, v.now, [...v.tags], v.region],
  )
}

export async function findMigration(sql: Sql, workspaceId: string, migrationId: string) {
  const rows = await sql.query<{ id: string; algorithm: 'sha256' | 'sha256_base64' }>(
    'SELECT id, algorithm FROM key_migrations WHERE workspace_id = $1 AND id = $2',
    [workspaceId, migrationId],
  )
  return rows[0]
}
