import type { StoredSchedule } from './schedule.js'

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

export const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

export function normalizeMonitor(row: MonitorRow): MonitorRow {
  return {
    ...row,
    schedule: json(row.schedule),
    targets: json(row.targets),
    webhook: row.webhook ? json(row.webhook) : null,
    notification: row.notification ? json(row.notification) : null,
    last_check_summary: row.last_check_summary ? json(row.last_check_summary) : null,
  }
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
