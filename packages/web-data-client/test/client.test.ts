import { failureAfterDefaultRetries, failureAtDeadline, fakeClock } from '@apiplatform/client-core/fake-clock'
import { faultServerPerTest, json, until } from '@apiplatform/client-core/testing'
import { walkOperations } from '@apiplatform/openapi-toolkit'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { OPS } from '../src/generated/ops.js'
import {
  createWebDataClient,
  WebDataApiError,
  WebDataNetworkError,
  WebDataTimeoutError,
} from '../src/index.js'

const srv = faultServerPerTest()

const JOB = '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
let waits = 0
const onRetry = () => {
  waits++
}
const client = (o: Partial<Parameters<typeof createWebDataClient>[0]> = {}) =>
  createWebDataClient({ baseUrl: srv.url, apiKey: 'fc-key', retry: { onRetry }, ...o })
const fail = (status: number, error: string, extra: object = {}) =>
  json(status, { success: false, error, ...extra })

describe('facade', () => {
  it('covers every operation of the spec', async () => {
    const { default: spec } = await import('@apiplatform/web-data-spec/openapi.json', {
      with: { type: 'json' },
    })
    const count = walkOperations(spec, { order: 'document', strict: false }).filter(
      (e) => e.operationId,
    ).length
    expect(OPS).toHaveLength(count)
    const c = client()
    for (const [g, name] of OPS) {
      const group = (c as unknown as Record<string, Record<string, unknown>>)[g]
      expect(typeof (name ? group?.[name] : group), `${g}.${name}`).toBe('function')
    }
  })

  it('scrape(body): POST /v2/scrape with auth and identification', async () => {
    srv.reply(json(200, { success: true, data: { markdown: '# hi' } }))
    const r = await client().scrape({ url: 'https://example.com' })
    expect(r.data?.markdown).toBe('# hi')
    const [q] = srv.seen
    expect(q).toMatchObject({ method: 'POST', url: '/v2/scrape' })
    expect(q?.headers.authorization).toBe('Bearer fc-key')
    expect(q?.headers['x-client-name']).toBe('web-data-client')
    expect(JSON.parse(q?.body ?? '')).toEqual({ url: 'https://example.com' })
  })

  it('agent.get/cancel/trace/snapshot put path parameters in order, queries in the URL', async () => {
    srv.reply(json(200, { success: true, status: 'processing' }))
    const c = client()
    await c.agent.get(JOB)
    await c.agent.cancel(JOB)
    await c.agent.trace(JOB, { liveView: true })
    await c.agent.snapshot(JOB, 'snap_1')
    await c.agent.list({ before: 5 })
    expect(srv.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET /v2/agent/${JOB}`,
      `DELETE /v2/agent/${JOB}`,
      `GET /v2/agent/${JOB}/trace?liveView=true`,
      `GET /v2/agent/${JOB}/snapshots/snap_1`,
      'GET /v2/agent?before=5',
    ])
  })

  it('uses the custom fetch and exposes .raw', async () => {
    srv.reply(json(200, { success: true, status: 'completed' }))
    const f = vi.fn((i: RequestInfo | URL, init?: RequestInit) => fetch(i, init))
    const c = client({ fetch: f as typeof fetch })
    await c.crawl.get(JOB)
    expect(f).toHaveBeenCalledTimes(1)
    const { data } = await c.raw.GET('/v2/crawl/{id}', { params: { path: { id: JOB } } })
    expect(data?.status).toBe('completed')
    expect(srv.seen[1]?.headers.authorization).toBe('Bearer fc-key')
  })

  it('follows next links (on the base URL only) across agent, crawl and batch lists', async () => {
    srv.reply(
      json(200, {
        success: true,
        agents: [{ id: 'a' }, { id: 'b' }],
        next: 'https://elsewhere.example/v2/agent?before=2',
      }),
      json(200, { success: true, agents: [{ id: 'c' }] }),
    )
    const ids: string[] = []
    for await (const a of client().agent.list.all()) ids.push(a.id)
    expect(ids).toEqual(['a', 'b', 'c'])
    expect(srv.seen[1]?.url).toBe('/v2/agent?before=2')
    srv.reply(
      json(200, { status: 'scraping', data: [{ markdown: '1' }], next: `${srv.url}/v2/crawl/${JOB}?skip=1` }),
      json(200, { status: 'completed', data: [{ markdown: '2' }] }),
    )
    const docs: unknown[] = []
    for await (const d of client().crawl.get.all(JOB)) docs.push(d.markdown)
    expect(docs).toEqual(['1', '2'])
    srv.reply(
      json(200, { status: 'completed', data: [{}], next: '/v2/batch/scrape/x?skip=1' }),
      json(200, { status: 'completed', data: [] }),
    )
    let pages = 0
    for await (const _ of client().batch.get.pages(JOB)) pages++
    expect(pages).toBe(2)
  })
})

describe('errors', () => {
  it('throws WebDataApiError with error, details, code and the spec retryability', async () => {
    srv.reply(fail(400, 'Bad Request', { details: [{ path: ['url'] }], code: 'BAD' }))
    const e = await client()
      .scrape({ url: 'x' })
      .then(
        () => undefined,
        (x: WebDataApiError) => x,
      )
    expect(e).toBeInstanceOf(WebDataApiError)
    expect(e).toMatchObject({
      status: 400,
      error: 'Bad Request',
      code: 'BAD',
      retryable: false,
      retryability: 'no',
    })
    expect(e?.details).toEqual([{ path: ['url'] }])
    expect(e?.is(400)).toBe(true)
    if (e?.is(400)) expectTypeOf(e.status).toEqualTypeOf<400>()
    expect(srv.seen).toHaveLength(1)
  })

  it('422 is "sometimes": not retried by default, retried with retrySometimes', async () => {
    srv.reply(fail(422, 'Unprocessable Entity'))
    const e = await client()
      .scrape({ url: 'https://a.b' })
      .catch((x: unknown) => x)
    expect(e).toMatchObject({ retryability: 'sometimes', retryable: false })
    expect(srv.seen).toHaveLength(1)
    srv.reply(fail(422, 'Unprocessable Entity'), json(200, { success: true }))
    const c = client({ retry: { retrySometimes: true, baseDelayMs: 1, jitterMs: 0 } })
    await expect(c.scrape({ url: 'https://a.b' })).resolves.toEqual({ success: true })
  })

  it('relayed agent errors without success still parse', async () => {
    srv.reply(json(404, { error: 'Snapshot not found' }))
    await expect(client().agent.snapshot(JOB, 's')).rejects.toMatchObject({
      status: 404,
      error: 'Snapshot not found',
    })
  })

  it('network failure and timeout are errors of their own kind', async () => {
    const c = createWebDataClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', retry: false })
    await expect(c.scrape({ url: 'https://a.b' })).rejects.toBeInstanceOf(WebDataNetworkError)
    await expect(c.scrape({ url: 'https://a.b' })).rejects.toThrow(
      /^POST http:\/\/127\.0\.0\.1:1\/v2\/scrape failed: /,
    )
    srv.reply(() => {})
    await expect(client({ timeoutMs: 30 }).agent.get(JOB)).rejects.toBeInstanceOf(WebDataTimeoutError)
  })
})

describe('retries (the spec retry table, fake timers)', () => {
  const armed = () => until(() => waits === srv.seen.length, 'retry wait')
  const fake = () => {
    waits = 0
    fakeClock(0.25)
  }
  for (const status of [408, 429, 500, 502, 503, 504]) {
    it(`retries ${status} with 2^attempt s (+ random fraction), at most 5 attempts`, async () => {
      fake()
      srv.reply(fail(status, 'x'))
      const p = client()
        .scrape({ url: 'https://a.b' })
        .catch((e: unknown) => e)
      for (let attempt = 0; attempt < 4; attempt++) {
        await until(() => srv.seen.length === attempt + 1, 'request')
        await armed()
        const delay = 2 ** attempt * 1000 + 250
        await vi.advanceTimersByTimeAsync(delay - 1)
        expect(srv.seen).toHaveLength(attempt + 1)
        await vi.advanceTimersByTimeAsync(1)
      }
      const e = await p
      expect(e).toMatchObject({ status, retryable: true })
      expect(srv.seen).toHaveLength(5)
    })
  }

  it('caps the backoff at 30 s', async () => {
    fake()
    srv.reply(fail(503, 'x'))
    const delays: number[] = []
    const p = client({ retry: { maxAttempts: 7, onRetry: (i) => delays.push(i.delayMs) && onRetry() } })
      .scrape({ url: 'https://a.b' })
      .catch(() => {})
    for (let i = 0; i < 6; i++) {
      await until(() => delays.length === i + 1, 'wait')
      await vi.advanceTimersByTimeAsync(31_000)
    }
    await p
    expect(delays).toEqual([1250, 2250, 4250, 8250, 16250, 30250])
  })

  it('honours Retry-After on 429 as a minimum wait', async () => {
    fake()
    srv.reply(
      (_q, res) => {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' })
        res.end(JSON.stringify({ success: false, error: 'Rate limit exceeded' }))
      },
      json(200, { success: true }),
    )
    const p = client().scrape({ url: 'https://a.b' })
    await until(() => srv.seen.length === 1, 'request')
    await armed()
    await vi.advanceTimersByTimeAsync(6999)
    expect(srv.seen).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(p).resolves.toEqual({ success: true })
  })

  it('the Retryable column wins over the status: a 500 marked no is not retried', async () => {
    // Not every 4xx/5xx is retryable; 400/401/402/403/404/409/413 never are.
    for (const status of [400, 401, 402, 403, 404, 409, 413]) {
      srv.reply(fail(status, 'x'))
      await expect(client().scrape({ url: 'https://a.b' })).rejects.toMatchObject({
        status,
        retryable: false,
      })
      expect(srv.seen).toHaveLength(1)
    }
  })

  it('retry: false disables; per-call override', async () => {
    srv.reply(fail(503, 'x'))
    await expect(client({ retry: false }).scrape({ url: 'https://a.b' })).rejects.toBeInstanceOf(
      WebDataApiError,
    )
    expect(srv.seen).toHaveLength(1)
    srv.reply(fail(503, 'x'))
    await expect(client().scrape({ url: 'https://a.b' }, { retry: false })).rejects.toBeInstanceOf(
      WebDataApiError,
    )
    expect(srv.seen).toHaveLength(1)
  })
})

describe('polling and traces', () => {
  const finished = (outcome: string, code?: string) => ({
    success: true,
    id: JOB,
    events: [
      { producerSequence: 0, type: 'run.started' },
      { producerSequence: 1, type: 'run.finished', outcome, error: code ? { code, retryable: false } : null },
    ],
  })

  it('agent.waitFor resolves with completed after polling', async () => {
    srv.reply(
      json(200, { success: true, status: 'processing' }),
      json(200, { success: true, status: 'completed', data: { a: 1 } }),
    )
    const r = await client().agent.waitFor(JOB, { pollIntervalMs: 5 })
    expect(r.outcome).toBe('completed')
    expect(r.job.data).toEqual({ a: 1 })
    expect(srv.seen).toHaveLength(2)
  })

  it('surfaces credit_limit_reached and cancellation from the trace', async () => {
    srv.reply(
      json(200, { success: true, status: 'failed', error: 'limit', creditsUsed: 0 }),
      json(200, finished('credit_limit_reached', 'credit_limit_reached')),
    )
    const r = await client().agent.waitFor(JOB, { pollIntervalMs: 5 })
    expect(r).toMatchObject({ outcome: 'credit_limit_reached', code: 'credit_limit_reached', error: 'limit' })
    expect(srv.seen[1]?.url).toBe(`/v2/agent/${JOB}/trace`)
    srv.reply(
      json(200, { success: true, status: 'failed', error: 'Run was cancelled' }),
      json(200, finished('cancelled', 'cancelled')),
    )
    expect((await client().agent.waitFor(JOB)).outcome).toBe('cancelled')
  })

  it('crawl.waitFor: cancelled status; timeout; abort', async () => {
    srv.reply(json(200, { status: 'cancelled', data: [] }))
    expect((await client().crawl.waitFor(JOB)).outcome).toBe('cancelled')
    srv.reply(json(200, { status: 'scraping', data: [] }))
    await expect(client().crawl.waitFor(JOB, { pollIntervalMs: 5, timeoutMs: 30 })).rejects.toBeInstanceOf(
      WebDataTimeoutError,
    )
    const ac = new AbortController()
    const p = client().batch.waitFor(JOB, { pollIntervalMs: 1000, signal: ac.signal })
    await until(() => srv.seen.length >= 1, 'poll')
    ac.abort(new Error('stop'))
    await expect(p).rejects.toThrow('stop')
  })

  it('waitFor with no time left times out without a request', async () => {
    srv.reply(json(200, { status: 'scraping', data: [] }))
    await expect(client().crawl.waitFor(JOB, { timeoutMs: 0 })).rejects.toBeInstanceOf(WebDataTimeoutError)
    expect(srv.seen).toHaveLength(0)
  })

  it('extract.waitFor exists; agent.events yields each event once and follows to run.finished', async () => {
    expect(typeof client().extract.waitFor).toBe('function')
    srv.reply(
      json(200, { success: true, id: JOB, events: [{ producerSequence: 0, type: 'run.started' }] }),
      json(200, finished('succeeded')),
    )
    const types: string[] = []
    for await (const e of client().agent.events(JOB, { follow: true, pollIntervalMs: 5 })) types.push(e.type)
    expect(types).toEqual(['run.started', 'run.finished'])
  })
})

describe('types derived from the spec', () => {
  it('rejects bodies and ids of the wrong type at compile time', () => {
    const c = createWebDataClient({ apiKey: 'k' })
    const typeOnly = () => {
      // @ts-expect-error url is a string
      c.scrape({ url: 42 })
      // @ts-expect-error prompt is required to start an agent run
      c.agent.start({ urls: ['https://a.b'] })
      // @ts-expect-error unknown operation
      c.agent.nope
    }
    expect(typeof typeOnly).toBe('function')
  })
})

describe('defaults (no options but the base URL)', () => {
  it('retries a 503 with the default policy: 5 attempts, 2^attempt s + jitter', async () => {
    const e = await failureAfterDefaultRetries(srv, fail(503, 'Service Unavailable'), () =>
      createWebDataClient({ baseUrl: srv.url, apiKey: 'k' }).scrape({ url: 'https://a.b' }),
    )
    expect(e).toMatchObject({ status: 503, retryable: true })
  })

  it('has a 300 s default deadline', async () => {
    const e = await failureAtDeadline(srv, 300_000, () =>
      createWebDataClient({ baseUrl: srv.url, apiKey: 'k' }).agent.get(JOB),
    )
    expect(e).toMatchObject({ name: 'WebDataTimeoutError', timeoutMs: 300_000 })
  })

  it('reads WEB_DATA_API_KEY and WEB_DATA_BASE_URL from the environment; names the variable when absent', async () => {
    vi.stubEnv('WEB_DATA_API_KEY', 'fc-env')
    vi.stubEnv('WEB_DATA_BASE_URL', srv.url)
    srv.reply(json(200, { success: true, data: {} }))
    await createWebDataClient().scrape({ url: 'https://a.b' })
    expect(srv.seen[0]?.headers.authorization).toBe('Bearer fc-env')
    vi.stubEnv('WEB_DATA_API_KEY', '')
    expect(() => createWebDataClient()).toThrow(/pass \{ apiKey \} or set WEB_DATA_API_KEY/)
  })
})

describe('hooks and responses', () => {
  it('hooks see every attempt of every operation, polling included', async () => {
    srv.reply(
      fail(429, 'Rate limit exceeded'),
      json(200, { success: true, status: 'processing' }),
      json(200, { success: true, status: 'completed', data: {} }),
    )
    const log: string[] = []
    const c = client({
      retry: { baseDelayMs: 1, jitterMs: 0 },
      hooks: {
        onRequest: ({ request }) => {
          request.headers['x-trace'] = 't1'
          log.push(`${request.method} ${new URL(request.url).pathname}`)
        },
        onResponse: ({ response }) => log.push(String(response.status)),
        onError: ({ error, willRetry }) =>
          log.push(`${(error as WebDataApiError).status} retry=${willRetry}`),
      },
    })
    await c.agent.waitFor(JOB, { pollIntervalMs: 1 })
    const get = `GET /v2/agent/${JOB}`
    expect(log).toEqual([get, '429', '429 retry=true', get, '200', get, '200'])
    expect(srv.seen.every((s) => s.headers['x-trace'] === 't1')).toBe(true)
  })

  it('withResponse gives the status, headers and request id beside the body', async () => {
    srv.reply(json(200, { success: true, data: { markdown: '#' } }, { 'x-request-id': 'req_1' }))
    const { data, response } = await client().scrape.withResponse({ url: 'https://a.b' })
    expect(data.data?.markdown).toBe('#')
    expect(response).toMatchObject({ status: 200, requestId: 'req_1' })
    srv.reply(json(200, { success: true, status: 'completed' }, { 'x-request-id': 'req_2' }))
    expect((await client().agent.get.withResponse(JOB)).response.requestId).toBe('req_2')
  })
})

describe('types of real inputs and outputs', () => {
  it('JSON Schema inputs are any JSON object; documents carry json; start ids are strings', () => {
    const c = createWebDataClient({ apiKey: 'k' })
    const schema = { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] }
    const typeOnly = async () => {
      await c.agent.start({ prompt: 'p', schema: { type: 'object' } })
      await c.extract.start({ urls: ['https://a.b'], schema })
      const page = await c.scrape({ url: 'https://a.b', formats: [{ type: 'json', schema }] })
      const extracted: Record<string, unknown> | undefined = page.data?.json
      const crawl = await c.crawl.start({ url: 'https://a.b' })
      const id: string = crawl.id
      const batch: string = (await c.batch.start({ urls: ['https://a.b'] })).id
      const extract: string = (await c.extract.start({ urls: ['https://a.b'] })).id
      return [extracted, id, batch, extract]
    }
    expectTypeOf<Awaited<ReturnType<typeof c.crawl.start>>['id']>().toEqualTypeOf<string>()
    expect(typeof typeOnly).toBe('function')
  })
})
