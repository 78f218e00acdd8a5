import type { Sql } from '@apiplatform/server-kit'
import type { BrowserContextOptions } from 'playwright-core'
import type { CloseReason } from './live-session.js'

export interface SessionView {
  id: string
  status: 'active' | 'destroyed'
  streamWebView: boolean
  createdAt: string
  lastActivity: string
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** The cookies and storage a named profile saved, if any. */
export async function profileState(
  db: Sql,
  teamId: string,
  name: string,
): Promise<BrowserContextOptions['storageState'] | undefined> {
  const rows = await db.query<{ storage_state: unknown }>(
    'SELECT storage_state FROM browser_profiles WHERE team_id = $1 AND name = $2',
    [teamId, name],
  )
  const stored = rows[0]?.storage_state
  if (!stored) return undefined
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as BrowserContextOptions['storageState']
}

/** Saves a session's cookies and storage as its named profile. */
export async function saveProfile(db: Sql, teamId: string, name: string, state: unknown): Promise<void> {
  await db.query(
    `INSERT INTO browser_profiles (team_id, name, storage_state) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, name) DO UPDATE SET storage_state = EXCLUDED.storage_state, updated_at = now()`,
    [teamId, name, JSON.stringify(state)],
  )
}

/** The team's interact sessions, newest first (at most 100), optionally of one status. */
export async function listSessions(
  db: Sql,
  teamId: string,
  status: 'active' | 'destroyed' | undefined,
): Promise<SessionView[]> {
  const rows = await db.query<{
    id: string
    status: 'active' | 'destroyed'
    stream_web_view: boolean
    created_at: Date | string
    last_activity: Date | string
  }>(
    `SELECT id, status, stream_web_view, created_at, last_activity FROM browser_sessions
    WHERE team_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY created_at DESC, id LIMIT 100`,
    [teamId, status ?? null],
  )
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    streamWebView: r.stream_web_view,
    createdAt: iso(r.created_at),
    lastActivity: iso(r.last_activity),
  }))
}

/** Records activity in the session (its `last_activity`). */
export async function touchSession(db: Sql, id: string): Promise<void> {
  await db.query('UPDATE browser_sessions SET last_activity = now() WHERE id = $1', [id])
}

/** Records how an interact session ended and the credits it was billed. */
export async function recordSessionEnd(
  tx: Sql,
  id: string,
  reason: CloseReason,
  durationMs: number,
  creditsBilled: number,
): Promise<void> {
  await tx.query(
    `UPDATE browser_sessions SET status = 'destroyed', destroyed_at = now(), destroy_reason = $2,
       duration_ms = $3, credits_billed = $4 WHERE id = $1`,
    [id, reason, durationMs, creditsBilled],
  )
}

/**
 * Marks the team's sessions lost that no one holds: past their ttl, or recorded by this instance
 * but not among `held`.
 */
export async function markUnheldSessionsLost(
  db: Sql,
  teamId: string,
  instanceId: string,
  held: string[],
): Promise<void> {
  await db.query(
    `UPDATE browser_sessions SET status = 'destroyed', destroyed_at = now(), destroy_reason = 'lost',
       duration_ms = (extract(epoch FROM (now() - created_at)) * 1000)::bigint, credits_billed = 0
      WHERE team_id = $1 AND status = 'active'
        AND ((expires_at < now() AND NOT (id = ANY($3::text[])))
             OR (instance_id = $2 AND NOT (id = ANY($3::text[]))))`,
    [teamId, instanceId, held],
  )
}

/** Marks an active session lost (its browser is held nowhere). */
export async function markSessionLost(db: Sql, id: string): Promise<void> {
  await db.query(
    `UPDATE browser_sessions SET status = 'destroyed', destroyed_at = now(), destroy_reason = 'lost',
       duration_ms = (extract(epoch FROM (now() - created_at)) * 1000)::bigint, credits_billed = 0
      WHERE id = $1 AND status = 'active'`,
    [id],
  )
}

/** The team's interact session as recorded, or undefined. */
export async function sessionRow(db: Sql, teamId: string, id: string) {
  const rows = await db.query<{
    id: string
    status: 'active' | 'destroyed'
    duration_ms: string | number | null
    credits_billed: string | number | null
  }>('SELECT id, status, duration_ms, credits_billed FROM browser_sessions WHERE id = $1 AND team_id = $2', [
    id,
    teamId,
  ])
  return rows[0]
}
