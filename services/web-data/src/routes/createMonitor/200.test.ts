import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/monitor → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('creates a monitor with ids on its targets, the next run and a credit estimate', async () => {
    const { data, response } = await t.client.POST('/v2/monitor', {
      body: {
        name: 'Pricing pages',
        schedule: { cron: '0 * * * *', timezone: 'Europe/Berlin' },
        targets: [
          { type: 'scrape', urls: ['https://example.com/a', 'https://example.com/b'] },
          { type: 'search', queries: ['acme kettle'], maxResults: 10 },
        ],
        goal: 'Price changes',
      } as never,
    })
    expect(response.status).toBe(200)
    const monitor = data?.data
    expect(monitor).toMatchObject({
      name: 'Pricing pages',
      status: 'active',
      schedule: { cron: '0 * * * *', timezone: 'Europe/Berlin' },
      currentCheckId: null,
      lastRunAt: null,
      retentionDays: 30,
      goal: 'Price changes',
      judgeEnabled: false,
      lastCheckSummary: { totalPages: 0, same: 0, changed: 0, new: 0, removed: 0, error: 0 },
    })
    expect(monitor?.targets?.map((x) => x.id)).toEqual([expect.any(String), expect.any(String)])
    const next = new Date(monitor?.nextRunAt as string)
    expect(next.getTime()).toBeGreaterThan(Date.now())
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000)
    expect(next.getUTCMinutes()).toBe(0)
    // (2 pages + 2 credits for a search of 10) × 720 hourly runs in 30 days.
    expect(monitor?.estimatedCreditsPerMonth).toBe(4 * 720)
    // The scheduling job is on disk before the answer.
    const jobs = await t.service.db.query<{ run_at: Date }>(
      `SELECT run_at FROM jobs WHERE queue = 'monitor-schedule' AND payload->>'monitorId' = $1`,
      [monitor?.id],
    )
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toEqual([monitor?.nextRunAt])
  })

  it('reads a schedule given as text', async () => {
    const { data } = await t.client.POST('/v2/monitor', {
      body: {
        name: 'x',
        schedule: { text: 'every 15 minutes' },
        targets: [{ type: 'scrape', urls: ['https://example.com/'] }],
      } as never,
    })
    expect(data?.data?.schedule).toEqual({ cron: '*/15 * * * *', timezone: 'UTC' })
  })
})
