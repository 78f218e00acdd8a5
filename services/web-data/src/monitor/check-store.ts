import { randomUUID } from 'node:crypto'
import type { JobQueue, Sql } from '@apiplatform/server-kit'
import { ApiError, Errors } from '../errors.js'
import { estimateCheckCredits } from './pricing.js'
import type { CheckRow, MonitorRow, PageRow, Summary } from './rows.js'
import { MONITOR_CHECK_QUEUE } from './store.js'

/**
 * Creates a check of a monitor and the job that runs it, or answers 409 when a check is queued
 * or running (manual runs) — a scheduled tick records `skipped_overlap` instead.
 */
export async function startCheck(
  sql: Sql,
  queue: JobQueue,
  monitor: MonitorRow,
  trigger: 'manual' | 'scheduled',
  scheduledFor: Date | null,
): Promise<CheckRow> {
  const id = randomUUID()
  const estimate = estimateCheckCredits(monitor.targets)
  if (monitor.current_check_id) {
    if (trigger === 'manual') throw new ApiError(409, Errors.conflict, { code: 'MONITOR_CHECK_IN_PROGRESS' })
    const rows = await sql.query<CheckRow>(
      `INSERT INTO monitor_checks (id, monitor_id, team_id, status, trigger, scheduled_for, finished_at, estimated_credits, billing_status, error)
       VALUES ($1, $2, $3, 'skipped_overlap', 'scheduled', $4, now(), $5, 'not_billed', 'The previous check was still running.') RETURNING *`,
      [id, monitor.id, monitor.team_id, scheduledFor, estimate],
    )
    return rows[0] as CheckRow
  }
  const rows = await sql.query<CheckRow>(
    `INSERT INTO monitor_checks (id, monitor_id, team_id, status, trigger, scheduled_for, estimated_credits, reserved_credits)
     VALUES ($1, $2, $3, 'queued', $4, $5, $6, $6) RETURNING *`,
    [id, monitor.id, monitor.team_id, trigger, scheduledFor, estimate],
  )
  await sql.query('UPDATE monitors SET current_check_id = $2, updated_at = now() WHERE id = $1', [
    monitor.id,
    id,
  ])
  await queue.enqueue(
    sql,
    MONITOR_CHECK_QUEUE,
    { teamId: monitor.team_id, monitorId: monitor.id, checkId: id, step: 'run' },
    { maxAttempts: 5 },
  )
  return rows[0] as CheckRow
}

export async function getCheckRow(
  sql: Sql,
  teamId: string,
  monitorId: string,
  checkId: string,
): Promise<CheckRow> {
  const rows = await sql.query<CheckRow>(
    'SELECT * FROM monitor_checks WHERE id = $1 AND monitor_id = $2 AND team_id = $3',
    [checkId, monitorId, teamId],
  )
  const row = rows[0]
  if (!row) throw new ApiError(404, Errors.notFound)
  return row
}

/** A page of a check's pages in check order, optionally of one status. */
export function checkPages(
  sql: Sql,
  checkId: string,
  page: { status: string | undefined; limit: number; skip: number },
) {
  return sql.query<PageRow>(
    `SELECT id, target_id, url, status, previous_scrape_id, current_scrape_id, status_code, error, metadata, diff, created_at
     FROM monitor_check_pages WHERE check_id = $1 AND ($2::text IS NULL OR status = $2)
     ORDER BY seq LIMIT $3 OFFSET $4`,
    [checkId, page.status ?? null, page.limit, page.skip],
  )
}

/** A page of a monitor's checks, newest first, optionally of one status. */
export function listChecks(
  sql: Sql,
  teamId: string,
  monitorId: string,
  page: { status: string | undefined; limit: number; offset: number },
) {
  return sql.query<CheckRow>(
    `SELECT * FROM monitor_checks WHERE monitor_id = $1 AND team_id = $2 AND ($3::text IS NULL OR status = $3)
     ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`,
    [monitorId, teamId, page.status ?? null, page.limit, page.offset],
  )
}

export interface Previous {
  id: string
  url: string
  markdown: string | null
  status: string
}

/** The latest snapshot of each URL of a target: the last page with content, unless removed since. */
export async function previousPages(
  sql: Sql,
  monitorId: string,
  targetId: string,
): Promise<Map<string, Previous>> {
  const rows = await sql.query<Previous>(
    `SELECT DISTINCT ON (url) id, url, markdown, status FROM monitor_check_pages
     WHERE monitor_id = $1 AND target_id = $2 AND (markdown IS NOT NULL OR status = 'removed')
     ORDER BY url, seq DESC`,
    [monitorId, targetId],
  )
  return new Map(rows.filter((r) => r.status !== 'removed').map((r) => [r.url, r]))
}

export async function loadCheck(sql: Sql, id: string): Promise<CheckRow | undefined> {
  const checks = await sql.query<CheckRow>('SELECT * FROM monitor_checks WHERE id = $1', [id])
  return checks[0]
}

/** Records how the check's notifications went. */
export async function setNotificationStatus(tx: Sql, checkId: string, status: unknown): Promise<void> {
  await tx.query('UPDATE monitor_checks SET notification_status = $2, updated_at = now() WHERE id = $1', [
    checkId,
    JSON.stringify(status),
  ])
}

/** Marks a queued check running. */
export async function markCheckRunning(sql: Sql, checkId: string): Promise<void> {
  await sql.query(
    `UPDATE monitor_checks SET status = 'running', started_at = now(), updated_at = now() WHERE id = $1 AND status = 'queued'`,
    [checkId],
  )
}

/** How a check ended. */
export interface CheckEnd {
  status: CheckRow['status']
  error: string | null
  billing: string
  credits: number
  summary: Summary
  targetResults: unknown[]
}

/**
 * Ends a check in the caller's transaction: its row, the monitor's last run, and the checks (with
 * their pages) past the monitor's retention.
 */
export async function finishCheck(
  tx: Sql,
  monitor: Pick<MonitorRow, 'id' | 'retention_days'>,
  checkId: string,
  fields: CheckEnd,
): Promise<void> {
  await tx.query(
    `UPDATE monitor_checks SET status = $2, error = $3, billing_status = $4, actual_credits = $5, summary = $6,
                target_results = $7, finished_at = now(), started_at = COALESCE(started_at, now()), updated_at = now()
         WHERE id = $1`,
    [
      checkId,
      fields.status,
      fields.error,
      fields.billing,
      fields.credits,
      JSON.stringify(fields.summary),
      JSON.stringify(fields.targetResults),
    ],
  )
  await tx.query(
    `UPDATE monitors SET current_check_id = NULL, last_run_at = now(), last_check_summary = $2, updated_at = now()
         WHERE id = $1 AND current_check_id = $3`,
    [monitor.id, JSON.stringify(fields.summary), checkId],
  )
  // Checks past the monitor's retention are dropped with their pages.
  await tx.query(
    `DELETE FROM monitor_check_pages WHERE check_id IN (SELECT id FROM monitor_checks WHERE monitor_id = $1 AND created_at < now() - make_interval(days => $2))`,
    [monitor.id, monitor.retention_days],
  )
  await tx.query(
    `DELETE FROM monitor_checks WHERE monitor_id = $1 AND created_at < now() - make_interval(days => $2)`,
    [monitor.id, monitor.retention_days],
  )
}

/** A page a check compared, as its row stores it. */
export interface CheckPageResult {
  targetId: string
  url: string
  status: string
  previousScrapeId: string | null
  statusCode: number | null
  error: string | null
  metadata: Record<string, unknown> | null
  diff: unknown
  markdown: string | null
}

/** Stores one page of a check (`id`: the page's id, also its snapshot's when it has content). */
export async function insertCheckPage(
  tx: Sql,
  checkId: string,
  monitorId: string,
  id: string,
  r: CheckPageResult,
): Promise<void> {
  await tx.query(
    `INSERT INTO monitor_check_pages (id, check_id, monitor_id, target_id, url, status, previous_scrape_id, current_scrape_id, status_code, error, metadata, diff, markdown)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      checkId,
      monitorId,
      r.targetId,
      r.url,
      r.status,
      r.previousScrapeId,
      r.markdown !== null ? id : null,
      r.statusCode,
      r.error,
      r.metadata ? JSON.stringify(r.metadata) : null,
      r.diff ? JSON.stringify(r.diff) : null,
      r.markdown,
    ],
  )
}

/** The pages of a check that differ from the previous snapshot (the first 100, in check order). */
export function changedCheckPages(sql: Sql, checkId: string) {
  return sql.query<{ url: string; status: string; target_id: string; diff: unknown }>(
    `SELECT url, status, target_id, diff FROM monitor_check_pages WHERE check_id = $1 AND status <> 'same' ORDER BY seq LIMIT 100`,
    [checkId],
  )
}
