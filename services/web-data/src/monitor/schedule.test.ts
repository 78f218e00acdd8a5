import { describe, expect, it } from 'vitest'
import { cronFromText, nextRun, readSchedule, runsPerMonth } from './schedule.js'

describe('monitor schedules', () => {
  it('reads schedule text as cron', () => {
    expect(cronFromText('every 5 minutes')).toBe('*/5 * * * *')
    expect(cronFromText('every 2 hours')).toBe('0 */2 * * *')
    expect(cronFromText('Hourly')).toBe('0 * * * *')
    expect(cronFromText('daily at 9:30')).toBe('30 9 * * *')
    expect(cronFromText('every 7 minutes')).toBeUndefined()
  })

  it('computes the next run in the schedule time zone', () => {
    const schedule = readSchedule({ cron: '0 9 * * *', timezone: 'Europe/Berlin' })
    // 09:00 in Berlin is 07:00 UTC in summer.
    expect(nextRun(schedule, new Date('2026-07-01T06:00:00Z'))?.toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    )
  })

  it('estimates runs per 30 days', () => {
    expect(runsPerMonth(readSchedule({ cron: '0 * * * *' }))).toBe(720)
    expect(runsPerMonth(readSchedule({ cron: '*/15 * * * *' }))).toBe(2880)
  })

  it('refuses an unknown time zone', () => {
    expect(() => readSchedule({ cron: '0 * * * *', timezone: 'Mars/Olympus' })).toThrow()
  })
})
