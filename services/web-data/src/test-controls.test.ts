/**
 * The test controls as another team uses them: the real client (retries on), every response
 * validated against the bundled spec, injected faults included.
 */
import { validatingFetch } from '@apiplatform/contract'
import { createWebDataClient, type WebDataClient } from '@apiplatform/web-data-client'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { configFromEnv } from './config.js'
import { createService, type RunningService } from './service.js'
import { specValidator } from './testing/harness.js'

const TOKEN = 'tc_web_data_test_token'
const RATE_LIMIT_PER_MIN = 3
let service: RunningService
let web: WebDataClient
const controls = () => service.controls as NonNullable<RunningService['controls']>
const retries: number[] = []
// Port 9 (discard) refuses: a crawl of it is recorded and then fails, without any network.
const unreachable = (name: string) => `http://127.0.0.1:9/${name}`

beforeAll(async () => {
  service = await createService({
    ...configFromEnv({}),
    port: 0,
    dataDir: undefined,
    allowPrivateUrls: true,
    jobPollMs: 50,
    rateLimitPerMin: RATE_LIMIT_PER_MIN,
    testControls: { httpToken: TOKEN },
  })
  web = createWebDataClient({
    baseUrl: service.url,
    apiKey: service.apiKey,
    fetch: validatingFetch(specValidator()),
    retry: { baseDelayMs: 5, maxDelayMs: 20, onRetry: ({ attempt }) => void retries.push(attempt) },
  })
})
afterAll(() => service?.stop())
beforeEach(async () => {
  await controls().reset()
  retries.length = 0
})

const crawlCount = async () =>
  Number((await service.db.query<{ n: string }>('SELECT count(*)::text AS n FROM crawls'))[0]?.n)

describe('web-data test controls', () => {
  it('a 503 injected once: the client retries and succeeds on the second attempt; the body is the API error', async () => {
    controls().fault({ operationId: 'crawlUrls', status: 503, times: 1 })
    const started = await web.crawl.start({ url: unreachable('retried'), limit: 1 })
    expect(started.id).toMatch(/./)
    expect(retries).toEqual([1])
    const calls = controls().journal({ operationId: 'crawlUrls' })
    expect(calls.map((c) => c.status)).toEqual([503, 200])
    expect(calls[0]?.requestBody).toEqual({ url: unreachable('retried'), limit: 1 })
    expect(calls[0]?.requestId).toEqual(expect.any(String))
    expect(calls[1]?.requestId).toEqual(expect.any(String))

    controls().fault({ method: 'POST', path: '/v2/crawl', status: 503, times: 1 })
    const answer = await fetch(`${service.url}/v2/crawl`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: unreachable('raw') }),
    })
    const body = await answer.json()
    expect(answer.status).toBe(503)
    expect(body).toMatchObject({ success: false, error: 'Service Unavailable' })
    specValidator().assertValid({
      method: 'POST',
      path: '/v2/crawl',
      status: 503,
      contentType: answer.headers.get('content-type'),
      body,
    })
  })

  it('latency: the matching call answers late', async () => {
    controls().latency({ operationId: 'getCreditUsage', delayMs: 400, times: 1 })
    const started = performance.now()
    await web.team.creditUsage()
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    expect(controls().journal()).toMatchObject([
      { operationId: 'getCreditUsage', method: 'GET', delayedMs: 400, status: 200 },
    ])
  })

  it('reset: a crawl started in a test is gone; the bootstrap key still works', async () => {
    await web.crawl.start({ url: unreachable('temporary'), limit: 1 })
    expect(await crawlCount()).toBe(1)
    await controls().reset()
    expect(await crawlCount()).toBe(0)
    expect(controls().journal()).toEqual([])
    await web.team.creditUsage()
  })

  it('the clock: past the rate-limit window, calls go through again', async () => {
    const noRetry = createWebDataClient({
      baseUrl: service.url,
      apiKey: service.apiKey,
      fetch: validatingFetch(specValidator()),
      retry: false,
    })
    // The window is the current minute: start at the beginning of one, so all the calls share it.
    await controls().advanceClock(60_000 - (controls().now() % 60_000) + 10)
    const statuses: number[] = []
    for (let i = 0; i <= RATE_LIMIT_PER_MIN; i++) {
      statuses.push(
        await noRetry.team.creditUsage().then(
          () => 200,
          (e: { status: number }) => e.status,
        ),
      )
    }
    expect(statuses.slice(-1)).toEqual([429])
    await controls().advanceClock(60_000)
    await noRetry.team.creditUsage()
  })

  it('over HTTP with its own token; the API key opens nothing there', async () => {
    const at = (path: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${service.url}/__controls${path}`, {
        ...init,
        headers: { authorization: `Bearer ${init.token ?? TOKEN}`, 'content-type': 'application/json' },
      })
    expect((await at('/journal', { token: service.apiKey })).status).toBe(401)
    const fault = { operationId: 'getCreditUsage', status: 503, times: 1 }
    expect((await at('/faults', { method: 'POST', body: JSON.stringify(fault) })).status).toBe(201)
    await web.team.creditUsage()
    const journal = (await (await at('/journal?operationId=getCreditUsage')).json()) as {
      entries: { status: number }[]
    }
    expect(journal.entries.map((e) => e.status)).toEqual([503, 200])
    expect((await at('/reset', { method: 'POST' })).status).toBe(204)
  })
})
