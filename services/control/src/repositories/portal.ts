/**
 * Customer portal sessions (`portal_sessions`): created by a root key for one identity, with a
 * one-time code that `portal.exchangeCode` trades for an access token. Only SHA-256 hashes of the
 * code and of the token are stored.
 */
import type { Sql } from '@apiplatform/server-kit'
import { json, num, numOrNull } from './rows.js'

export interface PortalSessionRecord {
  id: string
  workspaceId: string
  portalId: string
  identityId: string | null
  externalId: string
  scopes: string[]
  preview: boolean
  returnUrl: string | null
  tokenExpiresAt: number | null
}

interface Row {
  id: string
  workspace_id: string
  portal_id: string
  identity_id: string | null
  external_id: string
  scopes: unknown
  preview: boolean
  return_url: string | null
  token_expires_at: unknown
}

const toRecord = (r: Row): PortalSessionRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  portalId: r.portal_id,
  identityId: r.identity_id,
  externalId: r.external_id,
  scopes: json<string[]>(r.scopes),
  preview: r.preview,
  returnUrl: r.return_url,
  tokenExpiresAt: numOrNull(r.token_expires_at),
})

const COLUMNS =
  'id, workspace_id, portal_id, identity_id, external_id, scopes, preview, return_url, token_expires_at'

export async function insertPortalSession(
  sql: Sql,
  s: {
    id: string
    workspaceId: string
    portalId: string
    identityId: string
    externalId: string
    scopes: readonly string[]
    preview: boolean
    returnUrl: string | null
    codeHash: string
    codeExpiresAt: number
    now: number
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO portal_sessions (id, workspace_id, portal_id, identity_id, external_id, scopes, preview,
       return_url, code_hash, code_expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      s.id,
      s.workspaceId,
      s.portalId,
      s.identityId,
      s.externalId,
      JSON.stringify(s.scopes),
      s.preview,
      s.returnUrl,
      s.codeHash,
      s.codeExpiresAt,
      s.now,
    ],
  )
}

/**
 * Redeems a code: in one conditional UPDATE (so a code is used at most once, even by concurrent
 * requests), marks it used and stores the token hash. Undefined when the code is unknown, used or
 * expired.
 */
export async function redeemPortalCode(
  sql: Sql,
  input: { codeHash: string; tokenHash: string; tokenExpiresAt: number; now: number },
): Promise<PortalSessionRecord | undefined> {
  const rows = await sql.query<Row>(
    `UPDATE portal_sessions SET code_used_at = $4, token_hash = $2, token_expires_at = $3
     WHERE code_hash = $1 AND code_used_at IS NULL AND code_expires_at > $4
     RETURNING ${COLUMNS}`,
    [input.codeHash, input.tokenHash, input.tokenExpiresAt, input.now],
  )
  return rows[0] && toRecord(rows[0])
}

/** The session of an access token (by its hash), expired or not: the caller checks the expiry. */
export async function findPortalSessionByToken(
  sql: Sql,
  tokenHash: string,
): Promise<PortalSessionRecord | undefined> {
  const rows = await sql.query<Row>(`SELECT ${COLUMNS} FROM portal_sessions WHERE token_hash = $1`, [
    tokenHash,
  ])
  return rows[0] && toRecord(rows[0])
}

export interface VerificationBucketRow {
  time: number
  total: number
  valid: number
  rateLimited: number
  insufficientPermissions: number
  forbidden: number
  disabled: number
  expired: number
  usageExceeded: number
}

/**
 * Verification counts of one identity's keys (or one key) per bucket of `bucketMs`, from
 * `key_verifications` (the identity recorded at verification time): every bucket of the window,
 * zeros where nothing was verified, as the real API's SDK documents the series (contiguous, so a
 * chart can index it by position). Buckets start at multiples of `bucketMs` since the epoch.
 */
export async function verificationBuckets(
  sql: Sql,
  input: {
    workspaceId: string
    identityId: string
    keyId?: string | undefined
    startTime: number
    endTime: number
    bucketMs: number
  },
): Promise<VerificationBucketRow[]> {
  const rows = await sql.query<Record<string, unknown>>(
    `SELECT (floor(extract(epoch FROM time) * 1000 / $6) * $6)::bigint AS bucket,
       count(*) AS total,
       count(*) FILTER (WHERE outcome = 'VALID') AS valid,
       count(*) FILTER (WHERE outcome = 'RATE_LIMITED') AS rate_limited,
       count(*) FILTER (WHERE outcome = 'INSUFFICIENT_PERMISSIONS') AS insufficient_permissions,
       count(*) FILTER (WHERE outcome = 'FORBIDDEN') AS forbidden,
       count(*) FILTER (WHERE outcome = 'DISABLED') AS disabled,
       count(*) FILTER (WHERE outcome = 'EXPIRED') AS expired,
       count(*) FILTER (WHERE outcome = 'USAGE_EXCEEDED') AS usage_exceeded
     FROM key_verifications
     WHERE workspace_id = $1 AND identity_id = $2 AND ($3::text IS NULL OR key_id = $3)
       AND time >= to_timestamp($4::double precision / 1000) AND time < to_timestamp($5::double precision / 1000)
     GROUP BY bucket ORDER BY bucket`,
    [
      input.workspaceId,
      input.identityId,
      input.keyId ?? null,
      input.startTime,
      input.endTime,
      input.bucketMs,
    ],
  )
  const counted = new Map(rows.map((r) => [num(r.bucket), r]))
  return bucketTimes(input.startTime, input.endTime, input.bucketMs).map((time) =>
    countsOf(time, counted.get(time) ?? {}),
  )
}

/** The start of every bucket of `bucketMs` that overlaps `[startTime, endTime)`. */
function bucketTimes(startTime: number, endTime: number, bucketMs: number): number[] {
  const times: number[] = []
  for (let time = Math.floor(startTime / bucketMs) * bucketMs; time < endTime; time += bucketMs)
    times.push(time)
  return times
}

function countsOf(time: number, r: Record<string, unknown>): VerificationBucketRow {
  return {
    time,
    total: num(r.total),
    valid: num(r.valid),
    rateLimited: num(r.rate_limited),
    insufficientPermissions: num(r.insufficient_permissions),
    forbidden: num(r.forbidden),
    disabled: num(r.disabled),
    expired: num(r.expired),
    usageExceeded: num(r.usage_exceeded),
  }
}
