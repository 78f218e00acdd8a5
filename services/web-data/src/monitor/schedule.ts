import { Cron } from 'croner'
import { ApiError, Errors } from '../errors.js'

export interface StoredSchedule {
  cron: string
  timezone: string
  text?: string
}

const UNITS: Record<string, number> = {
  minute: 1,
  minutes: 1,
  min: 1,
  mins: 1,
  hour: 60,
  hours: 60,
  day: 1440,
  days: 1440,
}

/** Turns the schedule's `text` ("every 15 minutes", "hourly", "daily at 09:30", …) into cron. */
export function cronFromText(text: string): string | undefined {
  const t = text.trim().toLowerCase()
  if (t === 'hourly' || t === 'every hour') return '0 * * * *'
  if (t === 'daily' || t === 'every day') return '0 0 * * *'
  if (t === 'weekly' || t === 'every week') return '0 0 * * 1'
  const every = /^every (\d+) (minutes?|mins?|hours?|days?)$/.exec(t)
  if (every) {
    const n = Number(every[1])
    const minutes = n * (UNITS[every[2] as string] ?? 1)
    if (minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`
    if (minutes % 60 === 0 && minutes < 1440 && 24 % (minutes / 60) === 0) return `0 */${minutes / 60} * * *`
    if (minutes === 1440) return '0 0 * * *'
    return undefined
  }
  const daily = /^(?:daily|every day) at (\d{1,2}):(\d{2})$/.exec(t)
  if (daily) return `${Number(daily[2])} ${Number(daily[1])} * * *`
  return undefined
}

function invalid(message: string): ApiError {
  return new ApiError(400, Errors.badRequest, {
    details: [{ in: 'body', path: ['schedule'], message, code: 'invalid_schedule' }],
  })
}

/** Validates a schedule of a request (cron with 5 or 6 fields, or `text`) and normalises it. */
export function readSchedule(schedule: { cron?: string; text?: string; timezone?: string }): StoredSchedule {
  const timezone = schedule.timezone ?? 'UTC'
  let cron = schedule.cron?.trim()
  if (!cron && schedule.text) {
    cron = cronFromText(schedule.text)
    if (!cron)
      throw invalid(`Cannot read the schedule text ${JSON.stringify(schedule.text)}; use a cron expression.`)
  }
  if (!cron) throw invalid('A schedule needs `cron` or `text`.')
  try {
    new Cron(cron, { timezone, paused: true }).nextRun()
  } catch (error) {
    throw invalid(
      `Invalid cron expression or timezone: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return { cron, timezone, ...(schedule.text ? { text: schedule.text } : {}) }
}

/** The next run strictly after `after` (the service's business time, not necessarily real time). */
export function nextRun(schedule: StoredSchedule, after: Date): Date | null {
  return new Cron(schedule.cron, { timezone: schedule.timezone, paused: true }).nextRun(after)
}

/** Runs per 30 days, from the gap between the next runs. */
export function runsPerMonth(schedule: StoredSchedule): number {
  const runs = new Cron(schedule.cron, { timezone: schedule.timezone, paused: true }).nextRuns(50)
  if (runs.length < 2) return runs.length
  const first = runs[0] as Date
  const last = runs[runs.length - 1] as Date
  const gap = (last.getTime() - first.getTime()) / (runs.length - 1)
  return Math.max(1, Math.round((30 * 86_400_000) / gap))
}
