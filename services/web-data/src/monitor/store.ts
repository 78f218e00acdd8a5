import { randomUUID } from 'node:crypto'
import type { JobQueue, Sql } from '@apiplatform/server-kit'
import { ApiError, Errors } from '../errors.js'
import { json, type MonitorRow, type MonitorTarget, normalizeMonitor } from './rows.js'
import { nextRun, readSchedule } from './schedule.js'
import { checkTargets, withIds } from './targets.js'

export const MONITOR_SCHEDULE_QUEUE = 'monitor-schedule'
export const MONITOR_CHECK_QUEUE = 'monitor-check'

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
