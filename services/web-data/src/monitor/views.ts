import type { schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import { estimateCheckCredits } from './pricing.js'
import {
  type CheckRow,
  EMPTY_SUMMARY,
  json,
  type MonitorRow,
  normalizeMonitor,
  type PageRow,
  type Summary,
} from './rows.js'
import { runsPerMonth } from './schedule.js'

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null)

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
