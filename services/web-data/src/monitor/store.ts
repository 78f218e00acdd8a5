import { randomUUID } from 'node:crypto'
import type { JobQueue, Sql } from '@apiplatform/server-kit'
import type { schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import { Prices } from '../billing/credits.js'
import { ApiError, Errors } from '../http/errors.js'
import { searchPrice } from '../search/search.js'
import { nextRun, readSchedule, runsPerMonth, type StoredSchedule } from './schedule.js'

export const MONITOR_SCHEDULE_QUEUE = 'monitor-schedule'
export const MONITOR_CHECK_QUEUE = 'monitor-check'

export type MonitorTarget =
  | { id?: string; type: 'scrape'; urls: string[]; scrapeOptions?: Record<string, unknown> }
  | {
      id?: string
      type: 'crawl'
      url: string
      crawlOptions?: Record<string, unknown>
      scrapeOptions?: Record<string, unknown>
    }
  | {
      id?: string
      type: 'search'
      queries: string[]
      searchWindow?: string
      maxResults?: number
      includeDomains?: string[]
      excludeDomains?: string[]
    }

export interface Summary {
  totalPages: number
  same: number
  changed: number
  new: number
  removed: number
  error: number
}

export const EMPTY_SUMMARY: Summary = { totalPages: 0, same: 0, changed: 0, new: 0, removed: 0, error: 0 }

export interface MonitorRow {
  id: string
  team_id: string
  name: string
  status: 'active' | 'paused' | 'deleted'
  schedule: StoredSchedule
  targets: Array<MonitorTarget & { id: string }>
  webhook: {
    url: string
    headers?: Record<string, string>
    metadata?: Record<string, unknown>
    events?: string[]
  } | null
  notification: Record<string, unknown> | null
  retention_days: number
  goal: string | null
  judge_enabled: boolean
  schedule_version: number
  next_run_at: Date | null
  last_run_at: Date | null
  current_check_id: string | null
  last_check_summary: Summary | null
  created_at: Date
  updated_at: Date
}

export interface CheckRow {
  id: string
  monitor_id: string
  team_id: string
  status: 'queued' | 'running' | 'completed' | 'failed' | 'partial' | 'skipped_overlap'
  trigger: 'scheduled' | 'manual'
  scheduled_for: Date | null
  started_at: Date | null
  finished_at: Date | null
  estimated_credits: number | null
  reserved_credits: number | null
  actual_credits: number | null
  billing_status: string
  summary: Summary
  target_results: unknown[] | null
  notification_status: Record<string, unknown> | null
  error: string | null
  created_at: Date
  updated_at: Date
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T
const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null)

function normalizeMonitor(row: MonitorRow): MonitorRow {
  return {
    ...row,
    schedule: json(row.schedule),
    targets: json(row.targets),
    webhook: row.webhook ? json(row.webhook) : null,
    notification: row.notification ? json(row.notification) : null,
    last_check_summary: row.last_check_summary ? json(row.last_check_summary) : null,
  }
}

/** Pages a check of a target fetches (or, for search targets, reads from the index). */
export function targetPages(target: MonitorTarget): number {
  if (target.type === 'scrape') return target.urls.length
  if (target.type === 'crawl') return crawlLimit(target)
  return 0
}

export function crawlLimit(target: { crawlOptions?: Record<string, unknown> }): number {
  const limit = Number(target.crawlOptions?.limit ?? 10)
  return Number.isFinite(limit) && limit >= 1 ? Math.min(50, Math.floor(limit)) : 10
}

/** Upper bound of the credits of one check. */
export function estimateCheckCredits(targets: MonitorTarget[]): number {
  let credits = 0
  for (const target of targets) {
    if (target.type === 'search') credits += target.queries.length * searchPrice(target.maxResults ?? 10)
    else credits += targetPages(target) * Prices.monitorPage
  }
  return credits
}

/** The API's Monitor object. */
export function monitorView(row: MonitorRow) {
  const m = normalizeMonitor(row)
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    schedule: { cron: m.schedule.cron, timezone: m.schedule.timezone },
    nextRunAt: m.status === 'active' ? iso(m.next_run_at) : null,
    lastRunAt: iso(m.last_run_at),
    currentCheckId: m.current_check_id,
    // Stored as validated on the way in (with ids added).
    targets: m.targets as unknown as z.infer<typeof schemas.Monitor>['targets'],
    ...(m.webhook ? { webhook: m.webhook } : {}),
    ...(m.notification ? { notification: m.notification } : {}),
    retentionDays: m.retention_days,
    estimatedCreditsPerMonth: estimateCheckCredits(m.targets) * runsPerMonth(m.schedule),
    lastCheckSummary: m.last_check_summary ?? EMPTY_SUMMARY,
    goal: m.goal,
    judgeEnabled: m.judge_enabled,
    createdAt: iso(m.created_at) as string,
    updatedAt: iso(m.updated_at) as string,
  }
}

/** The API's MonitorCheck object. */
export function checkView(row: CheckRow) {
  return {
    id: row.id,
    monitorId: row.monitor_id,
    status: row.status,
    trigger: row.trigger,
    scheduledFor: iso(row.scheduled_for),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    estimatedCredits: row.estimated_credits,
    reservedCredits: row.reserved_credits,
    actualCredits: row.actual_credits,
    billingStatus: row.billing_status,
    summary: json<Summary>(row.summary),
    targetResults: row.target_results ? json<unknown[]>(row.target_results) : null,
    notificationStatus: row.notification_status
      ? json<Record<string, unknown>>(row.notification_status)
      : null,
    error: row.error,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  }
}

function withIds(targets: MonitorTarget[]): Array<MonitorTarget & { id: string }> {
  return targets.map((t) => ({ ...t, id: t.id ?? randomUUID() }))
}

function checkTargets(targets: MonitorTarget[]): void {
  for (const [i, target] of targets.entries()) {
    const urls = target.type === 'scrape' ? target.urls : target.type === 'crawl' ? [target.url] : []
    for (const [j, url] of urls.entries()) {
      let ok = false
      try {
        const u = new URL(url)
        ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
      } catch {}
      if (!ok) {
        throw new ApiError(400, Errors.invalidUrl, {
          details: [
            {
              in: 'body',
              path: ['targets', i, ...(target.type === 'scrape' ? ['urls', j] : ['url'])],
              message: 'Expected an absolute http or https URL',
              code: 'invalid_url',
            },
          ],
        })
      }
    }
  }
}

export async function getMonitorRow(sql: Sql, teamId: string, id: string, lock = false): Promise<MonitorRow> {
  const rows = await sql.query<MonitorRow>(
    `SELECT * FROM monitors WHERE id = $1 AND team_id = $2 AND status <> 'deleted'${lock ? ' FOR UPDATE' : ''}`,
    [id, teamId],
  )
  const row = rows[0]
  if (!row) throw new ApiError(404, Errors.notFound)
  return normalizeMonitor(row)
}

async function scheduleJob(sql: Sql, queue: JobQueue, row: MonitorRow): Promise<void> {
  if (row.status !== 'active' || !row.next_run_at) return
  await queue.enqueue(
    sql,
    MONITOR_SCHEDULE_QUEUE,
    { teamId: row.team_id, monitorId: row.id, version: row.schedule_version },
    { runAt: new Date(row.next_run_at), maxAttempts: 50 },
  )
}

export interface MonitorInput {
  name?: string
  schedule?: { cron?: string; text?: string; timezone?: string }
  webhook?: unknown
  notification?: unknown
  targets?: MonitorTarget[]
  retentionDays?: number
  goal?: string | null
  judgeEnabled?: boolean
  status?: 'active' | 'paused'
}

export async function createMonitor(
  sql: Sql,
  queue: JobQueue,
  teamId: string,
  input: MonitorInput & { name: string; targets: MonitorTarget[] },
  /** Business time (`clock.ts`): the first run is the schedule's next time after it. */
  now: Date,
) {
  const schedule = readSchedule(input.schedule ?? {})
  checkTargets(input.targets)
  const id = randomUUID()
  const rows = await sql.query<MonitorRow>(
    `INSERT INTO monitors (id, team_id, name, schedule, targets, webhook, notification, retention_days, goal, judge_enabled, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [
      id,
      teamId,
      input.name,
      JSON.stringify(schedule),
      JSON.stringify(withIds(input.targets)),
      input.webhook ? JSON.stringify(input.webhook) : null,
      input.notification ? JSON.stringify(input.notification) : null,
      input.retentionDays ?? 30,
      input.goal ?? null,
      input.judgeEnabled ?? false,
      nextRun(schedule, now),
    ],
  )
  const row = normalizeMonitor(rows[0] as MonitorRow)
  await scheduleJob(sql, queue, row)
  return row
}

export async function updateMonitor(
  sql: Sql,
  queue: JobQueue,
  teamId: string,
  id: string,
  input: MonitorInput,
  /** Business time (`clock.ts`): a rescheduled monitor runs next after it. */
  now: Date,
) {
  const current = await getMonitorRow(sql, teamId, id, true)
  const schedule = input.schedule
    ? readSchedule({
        ...current.schedule,
        ...input.schedule,
        ...(input.schedule.text && !input.schedule.cron ? { cron: undefined } : {}),
      })
    : current.schedule
  if (input.targets) checkTargets(input.targets)
  const status = input.status ?? current.status
  const reschedule = input.schedule !== undefined || status !== current.status
  const rows = await sql.query<MonitorRow>(
    `UPDATE monitors SET name = $3, schedule = $4, targets = $5, webhook = $6, notification = $7, retention_days = $8,
            goal = $9, judge_enabled = $10, status = $11, schedule_version = schedule_version + $12,
            next_run_at = $13, updated_at = now()
     WHERE id = $1 AND team_id = $2 RETURNING *`,
    [
      id,
      teamId,
      input.name ?? current.name,
      JSON.stringify(schedule),
      JSON.stringify(input.targets ? withIds(input.targets) : current.targets),
      input.webhook !== undefined
        ? JSON.stringify(input.webhook)
        : current.webhook
          ? JSON.stringify(current.webhook)
          : null,
      input.notification !== undefined
        ? JSON.stringify(input.notification)
        : current.notification
          ? JSON.stringify(current.notification)
          : null,
      input.retentionDays ?? current.retention_days,
      input.goal !== undefined ? input.goal : current.goal,
      input.judgeEnabled ?? current.judge_enabled,
      status,
      reschedule ? 1 : 0,
      status === 'active' ? (reschedule ? nextRun(schedule, now) : current.next_run_at) : null,
    ],
  )
  const row = normalizeMonitor(rows[0] as MonitorRow)
  if (reschedule) await scheduleJob(sql, queue, row)
  return row
}

export async function deleteMonitor(sql: Sql, teamId: string, id: string): Promise<void> {
  await getMonitorRow(sql, teamId, id, true)
  await sql.query(
    `UPDATE monitors SET status = 'deleted', schedule_version = schedule_version + 1, next_run_at = NULL, updated_at = now() WHERE id = $1`,
    [id],
  )
}

export async function listMonitors(sql: Sql, teamId: string, limit: number, offset: number) {
  const rows = await sql.query<MonitorRow>(
    `SELECT * FROM monitors WHERE team_id = $1 AND status <> 'deleted' ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [teamId, limit, offset],
  )
  return rows.map(normalizeMonitor)
}

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

export interface PageRow {
  id: string
  target_id: string
  url: string
  status: 'same' | 'new' | 'changed' | 'removed' | 'error'
  previous_scrape_id: string | null
  current_scrape_id: string | null
  status_code: number | null
  error: string | null
  metadata: Record<string, unknown> | null
  diff: Record<string, unknown> | null
  created_at: Date
}

export function pageView(row: PageRow) {
  return {
    id: row.id,
    targetId: row.target_id,
    url: row.url,
    status: row.status,
    previousScrapeId: row.previous_scrape_id,
    currentScrapeId: row.current_scrape_id,
    statusCode: row.status_code,
    error: row.error,
    metadata: row.metadata ? json<Record<string, unknown>>(row.metadata) : null,
    judgment: null,
    diff: row.diff ? json<{ text: string; json: Record<string, unknown> }>(row.diff) : null,
    snapshot: null,
    createdAt: iso(row.created_at) as string,
  }
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

/** The monitor as its jobs read it; `lock`: for the rest of the transaction. */
export async function loadMonitor(sql: Sql, id: string, lock = false): Promise<MonitorRow | undefined> {
  const rows = await sql.query<MonitorRow>(
    `SELECT * FROM monitors WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  )
  const row = rows[0]
  return (
    row && {
      ...row,
      schedule: json(row.schedule),
      targets: json(row.targets),
      webhook: row.webhook ? json(row.webhook) : null,
    }
  )
}

/** Reschedules the monitor's next check. */
export async function setNextRun(tx: Sql, id: string, next: Date): Promise<void> {
  await tx.query('UPDATE monitors SET next_run_at = $2 WHERE id = $1', [id, next])
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
