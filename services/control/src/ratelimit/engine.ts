/**
 * The rate limiter: fixed windows counted in PostgreSQL. One decision is ONE SQL statement (an
 * upsert that increments the window's counter only while it stays within the limit, plus the
 * decision record), so it is exact under any concurrency and across service instances that share
 * the database: PostgreSQL serialises the upserts of one window on its row lock and re-checks the
 * condition against the latest counter.
 */
import type { Sql } from '@apiplatform/server-kit'
import { num } from '../repositories/rows.js'
import { OVERRIDE_MATCHES, OVERRIDE_PRECEDENCE } from './overrides.js'

export interface LimitRequest {
  /** Namespace id (`rlns_…`), or any key that scopes the counters (the gateway uses its own). */
  namespaceId: string
  identifier: string
  limit: number
  duration: number
  cost: number
  now: number
  /** Record the decision in `ratelimit_decisions` for this workspace (analytics). */
  recordFor?: string
}

export interface LimitResult {
  success: boolean
  limit: number
  remaining: number
  reset: number
  overrideId?: string
}

const DECIDE = `
WITH ov AS (
  SELECT id, "limit", duration FROM ratelimit_overrides
  WHERE namespace_id = $1 AND ${OVERRIDE_MATCHES}
  ORDER BY ${OVERRIDE_PRECEDENCE}
  LIMIT 1
), p AS (
  SELECT COALESCE((SELECT "limit" FROM ov), $3::bigint) AS lim,
         COALESCE((SELECT duration FROM ov), $4::bigint) AS dur,
         (SELECT id FROM ov) AS override_id
), w AS (
  SELECT lim, dur, override_id, ($6::bigint / dur) * dur AS window_start FROM p
), up AS (
  INSERT INTO ratelimit_windows AS rw (namespace_id, identifier, duration, window_start, count, "limit", expires_at)
  SELECT $1, $2, w.dur, w.window_start, $5::bigint, w.lim, w.window_start + w.dur FROM w WHERE $5::bigint <= w.lim
  ON CONFLICT (namespace_id, identifier, duration, window_start)
  DO UPDATE SET count = rw.count + EXCLUDED.count, "limit" = EXCLUDED."limit"
  WHERE rw.count + EXCLUDED.count <= EXCLUDED."limit"
  RETURNING rw.count
), rec AS (
  INSERT INTO ratelimit_decisions (workspace_id, namespace_id, identifier, passed, time)
  SELECT $7::text, $1, $2, EXISTS (SELECT 1 FROM up), $6::bigint WHERE $7::text IS NOT NULL
)
SELECT w.lim, w.dur, w.window_start, w.override_id,
  (SELECT count FROM up) AS passed_count,
  (SELECT count FROM ratelimit_windows c
    WHERE c.namespace_id = $1 AND c.identifier = $2 AND c.duration = w.dur AND c.window_start = w.window_start
  ) AS seen_count
FROM w`

interface DecideRow {
  lim: unknown
  dur: unknown
  window_start: unknown
  override_id: string | null
  passed_count: unknown
  seen_count: unknown
}

/** Counts `cost` for the identifier and says whether it fits in the limit (override applied). */
export async function decide(sql: Sql, r: LimitRequest): Promise<LimitResult> {
  const rows = await sql.query<DecideRow>(DECIDE, [
    r.namespaceId,
    r.identifier,
    r.limit,
    r.duration,
    r.cost,
    r.now,
    r.recordFor ?? null,
  ])
  const row = rows[0]
  if (!row) throw new Error('rate limit decision returned no row')
  const limit = num(row.lim)
  const reset = num(row.window_start) + num(row.dur)
  const passed = row.passed_count !== null && row.passed_count !== undefined
  // On success: what is left after our increment. On denial: what this statement's snapshot saw,
  // which is less than `cost` (a concurrent request may have used more meanwhile).
  const remaining = passed ? limit - num(row.passed_count) : Math.min(limit - num(row.seen_count), r.cost - 1)
  return {
    success: passed,
    limit,
    remaining: Math.max(0, remaining),
    reset,
    ...(row.override_id ? { overrideId: row.override_id } : {}),
  }
}

/** Deletes counters whose window ended (called now and then; windows are tiny rows). */
export async function deleteExpiredWindows(sql: Sql, now: number): Promise<void> {
  await sql.query('DELETE FROM ratelimit_windows WHERE expires_at < $1', [now])
}
