/**
 * The test controls' clock moves the service's business time: a test advances it instead of
 * waiting for a schedule, a retention or an idle limit. Nothing here waits on real time beyond
 * the work the service does at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { configFromEnv } from './config.js'
import { createService, type RunningService } from './service.js'
import { describeBrowser } from './testing/browser.js'
import { type FixtureSite, startFixtureSite } from './testing/fixture-site.js'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** The service's default idle time of a scrape's browser (`WEB_DATA_SCRAPE_SESSION_IDLE_MS`). */
const IDLE_MS = configFromEnv({}).scrapeSessionIdleMs ?? 300_000
let service: RunningService
let site: FixtureSite
const controls = () => service.controls as NonNullable<RunningService['controls']>
// Port 9 (discard) refuses: a check or batch of it is recorded and then fails, without any network.
const unreachable = (name: string) => `http://127.0.0.1:9/${name}`

beforeAll(async () => {
  site = await startFixtureSite()
  service = await createService({
    ...configFromEnv({}),
    port: 0,
    dataDir: undefined,
    allowPrivateUrls: true,
    jobPollMs: 50,
    testControls: {},
  })
})
afterAll(async () => {
  await service?.stop()
  await site?.close()
})
beforeEach(() => controls().reset())

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: answer.status, body: (await answer.json()) as T }
}

const at = (iso: unknown) => new Date(String(iso)).getTime()

describe('the clock of the test controls', () => {
  it('runs a monitor every 5 minutes of the clock, without waiting for them', async () => {
    const created = await call<{ data: { id: string; nextRunAt: string } }>('POST', '/v2/monitor', {
      name: 'clocked',
      schedule: { cron: '*/5 * * * *' },
      targets: [{ type: 'scrape', urls: [unreachable('monitored')] }],
    })
    expect(created.status).toBe(200)
    const { id } = created.body.data
    const scheduled = async () => {
      const checks = await call<{ data: { trigger: string }[] }>('GET', `/v2/monitor/${id}/checks`)
      return checks.body.data.filter((check) => check.trigger === 'scheduled').length
    }
    expect(await scheduled()).toBe(0)

    // Each advance passes one due time: the job queue wakes and runs the check it made due.
    await controls().advanceClock(5 * MINUTE)
    await vi.waitFor(async () => expect(await scheduled()).toBe(1), { timeout: 20_000, interval: 50 })
    await controls().advanceClock(5 * MINUTE)
    await vi.waitFor(async () => expect(await scheduled()).toBe(2), { timeout: 20_000, interval: 50 })

    // The next run is the schedule's next time on the clock, not on real time.
    const monitor = await call<{ data: { nextRunAt: string } }>('GET', `/v2/monitor/${id}`)
    expect(at(monitor.body.data.nextRunAt)).toBeGreaterThan(controls().now())
    expect(at(monitor.body.data.nextRunAt)).toBeLessThanOrEqual(controls().now() + 5 * MINUTE)
  })

  it('dates a batch scrape from the clock: it expires 24 hours after it started on the clock', async () => {
    await controls().advanceClock(DAY)
    const before = controls().now()
    const started = await call<{ id: string }>('POST', '/v2/batch/scrape', { urls: [unreachable('batch')] })
    expect(started.status).toBe(200)
    const after = controls().now()
    const status = await call('GET', `/v2/batch/scrape/${started.body.id}`)
    expect(status.status).toBe(200)
    expect(at(status.body.createdAt)).toBeGreaterThanOrEqual(before - 1_000)
    expect(at(status.body.expiresAt)).toBeGreaterThanOrEqual(before + DAY - 1_000)
    expect(at(status.body.expiresAt)).toBeLessThanOrEqual(after + DAY + 1_000)
  })

  it('a scrape result is no longer retained once the clock passed its 24 hours', async () => {
    const scraped = await call<{ data: { metadata: { scrapeId: string } } }>('POST', '/v2/scrape', {
      url: site.at('/product.html'),
    })
    expect(scraped.status).toBe(200)
    const path = `/v2/scrape/${scraped.body.data.metadata.scrapeId}`
    expect((await call('GET', path)).status).toBe(200)
    await controls().advanceClock(DAY + MINUTE)
    const gone = await call('GET', path)
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ success: false, code: 'SCRAPE_RESULT_NOT_RETAINED' })
  })
})

describeBrowser('the clock of the test controls and browser sessions', () => {
  it('ends the browser a scrape kept once the clock passed its idle time', async () => {
    const scraped = await call<{ data: { metadata: { scrapeId: string } } }>('POST', '/v2/scrape', {
      url: site.at('/app.html'),
    })
    expect(scraped.status).toBe(200)
    const path = `/v2/scrape/${scraped.body.data.metadata.scrapeId}/interact`
    expect((await call('POST', path, { code: 'return 1' })).status).toBe(200)

    await controls().advanceClock(IDLE_MS + 1_000)
    const gone = await call('POST', path, { code: 'return 2' })
    expect(gone.status).toBe(410)
    expect(gone.body).toMatchObject({ success: false, error: 'Gone', code: 'SCRAPE_SESSION_ENDED' })
    expect(JSON.stringify(gone.body)).toMatch(/idle/)
  })
})
