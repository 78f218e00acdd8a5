import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { TestClock } from './clock.js'
import { createTestControls } from './controls.js'

const spec = {
  paths: {
    '/v2/things.create': { post: { operationId: 'things.create' } },
    '/v2/items/{id}': { get: { operationId: 'getItem' } },
    '/v2/items/active': { get: { operationId: 'listActive' } },
  },
}

/** A small app in the services' shape: the request id generator remembers the context first. */
function setup(httpToken?: string) {
  const clock = new TestClock()
  const runtime = createTestControls({
    clock,
    spec,
    httpToken,
    newRequestId: () => 'req_fault',
    requestIdHeader: 'X-Request-Id',
    faultAnswer: ({ status, message, requestId, operationId }) => ({
      body: { error: { status, detail: message ?? 'injected', requestId, operationId } },
    }),
  })
  let n = 0
  const makeId = runtime.requestId(() => `req_${++n}`)
  const app = new Hono<{ Variables: { requestId: string; operationId: string } }>()
  app.use(async (c, next) => {
    c.set('requestId', makeId(c))
    await next()
  })
  app.post('/v2/things.create', async (c) => {
    c.set('operationId', 'things.create')
    return c.json({ created: await c.req.json(), at: clock.now() }, 201)
  })
  app.get('/v2/items/:id', (c) => c.json({ id: c.req.param('id') }))
  const fetch = runtime.fetch(app.fetch)
  const call = (path: string, init?: RequestInit) => fetch(new Request(`http://test${path}`, init))
  const create = (body: unknown) =>
    call('/v2/things.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return { runtime, controls: runtime.controls, clock, call, create }
}

describe('test controls', () => {
  it('answers the next N matching calls with a fault in the API format, then lets calls through', async () => {
    const { controls, create, call } = setup()
    const rule = controls.fault({
      operationId: 'things.create',
      status: 503,
      times: 2,
      headers: { 'Retry-After': '1' },
    })
    expect(controls.rules()).toMatchObject([{ id: rule.id, kind: 'fault', remaining: 2 }])
    const first = await create({ a: 1 })
    expect(first.status).toBe(503)
    expect(first.headers.get('retry-after')).toBe('1')
    expect(first.headers.get('x-request-id')).toBe('req_fault')
    expect(await first.json()).toEqual({
      error: { status: 503, detail: 'injected', requestId: 'req_fault', operationId: 'things.create' },
    })
    expect((await call('/v2/items/7')).status).toBe(200)
    expect((await create({ a: 2 })).status).toBe(503)
    expect(controls.rules()).toEqual([])
    expect((await create({ a: 3 })).status).toBe(201)
  })

  it('matches by method and path pattern, every call until removed', async () => {
    const { controls, call } = setup()
    const rule = controls.fault({ method: 'get', path: '/v2/items/*', status: 429 })
    expect((await call('/v2/items/1')).status).toBe(429)
    expect((await call('/v2/items/2')).status).toBe(429)
    expect(controls.rules()[0]?.remaining).toBeNull()
    expect(controls.removeRule(rule.id)).toBe(true)
    expect((await call('/v2/items/3')).status).toBe(200)
    expect(() => controls.fault({ status: 200 })).toThrow(RangeError)
  })

  it('delays matching calls by real time', async () => {
    const { controls, call } = setup()
    controls.latency({ operationId: 'getItem', delayMs: 300, times: 1 })
    let started = performance.now()
    expect((await call('/v2/items/1')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    started = performance.now()
    await call('/v2/items/1')
    expect(controls.journal().map((e) => e.delayedMs)).toEqual([300, undefined])
  })

  it('answers a large body the app refused unread, and journals it as truncated', async () => {
    const { controls, call } = setup()
    const body = JSON.stringify({ items: Array.from({ length: 55_000 }, (_, i) => i) })
    const answer = await call('/v2/nowhere', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.status).toBe(404)
    expect(controls.journal()).toMatchObject([
      { path: '/v2/nowhere', status: 404, requestBody: { truncated: true } },
    ])
  })

  it('journals each request with its operation, body, status and request id; filters; clears; keeps the last N', async () => {
    const { controls, create, call, clock } = setup()
    controls.fault({ operationId: 'getItem', status: 500, times: 1 })
    await create({ name: 'first' })
    await call('/v2/items/9?x=1')
    await call('/v2/nowhere', { method: 'POST', body: 'plain', headers: { 'content-type': 'text/plain' } })
    const entries = controls.journal()
    expect(entries).toMatchObject([
      {
        seq: 1,
        operationId: 'things.create',
        method: 'POST',
        path: '/v2/things.create',
        requestBody: { name: 'first' },
        status: 201,
        requestId: 'req_1',
      },
      {
        seq: 2,
        operationId: 'getItem',
        method: 'GET',
        query: 'x=1',
        requestBody: undefined,
        status: 500,
        requestId: 'req_fault',
        faultRule: 'rule_1',
      },
      { seq: 3, operationId: undefined, requestBody: 'plain', status: 404, requestId: 'req_2' },
    ])
    expect(controls.journal({ operationId: 'getItem' }).map((e) => e.seq)).toEqual([2])
    expect(controls.journal({ afterSeq: 2 }).map((e) => e.seq)).toEqual([3])
    expect(controls.journal({ limit: 1 }).map((e) => e.seq)).toEqual([3])
    await controls.advanceClock(60_000)
    const since = clock.now()
    await call('/v2/items/1')
    expect(controls.journal({ since }).map((e) => e.seq)).toEqual([4])
    controls.clearJournal()
    expect(controls.journal()).toEqual([])

    const small = createTestControls({
      clock,
      spec,
      newRequestId: () => 'r',
      faultAnswer: () => ({ body: {} }),
      journalCapacity: 3,
    })
    const fetch = small.fetch(async (_request: Request) => new Response('ok'))
    for (let i = 0; i < 5; i++) await fetch(new Request(`http://test/v2/items/${i}`))
    expect(small.controls.journal().map((e) => e.path)).toEqual(['/v2/items/2', '/v2/items/3', '/v2/items/4'])
  })

  it('resets: runs the service steps, drops rules and the journal, and takes the clock back', async () => {
    const { runtime, controls, call } = setup()
    const steps: string[] = []
    runtime.onReset(async () => void steps.push('data'))
    runtime.onAdvance(() => void steps.push('advanced'))
    controls.fault({ status: 503 })
    await call('/v2/items/1')
    const moved = await controls.advanceClock(90_000)
    expect(moved - Date.now()).toBeGreaterThan(80_000)
    await controls.reset()
    expect(steps).toEqual(['advanced', 'data'])
    expect(controls.rules()).toEqual([])
    expect(controls.journal()).toEqual([])
    expect(controls.clockOffsetMs()).toBe(0)
    expect((await call('/v2/items/1')).status).toBe(200)
  })

  it('refuses a rule or a clock move it could not apply, and changes nothing', async () => {
    const { controls, call } = setup()
    expect(() => controls.fault({ status: 503, headers: { 'bad header': 'x' } })).toThrow(TypeError)
    expect(() => controls.fault({ status: 503, headers: { 'X-A': 'a\r\nb' } })).toThrow(TypeError)
    expect(() => controls.fault({ status: 503, operationId: 42 as never })).toThrow(TypeError)
    expect(() => controls.latency({ delayMs: 2 ** 31 })).toThrow(RangeError)
    await expect(controls.advanceClock(1e300)).rejects.toThrow(RangeError)
    await expect(controls.advanceClock(Date.UTC(9000, 0, 1))).rejects.toThrow(RangeError)
    expect(controls.rules()).toEqual([])
    expect(controls.clockOffsetMs()).toBe(0)
    expect((await call('/v2/items/1')).status).toBe(200)
    // The latest move it takes: to the first day of the year 9000.
    await controls.advanceClock(Date.UTC(9000, 0, 1) - Date.now() - 60_000)
    expect(new Date(controls.now()).getUTCFullYear()).toBe(8999)
  })

  it('over HTTP: answers what it refuses with 400 and an unknown rule with 404', async () => {
    const { call, controls } = setup('secret-token')
    const auth = { authorization: 'Bearer secret-token', 'content-type': 'application/json' }
    const post = (path: string, body: unknown) =>
      call(`/__controls/${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })
    expect((await post('clock/advance', { ms: 1e300 })).status).toBe(400)
    expect(await (await call('/__controls/clock', { headers: auth })).json()).toMatchObject({ offsetMs: 0 })
    expect((await post('faults', { status: 503, headers: { 'bad header': 'x' } })).status).toBe(400)
    expect((await post('latency', { delayMs: 3e9 })).status).toBe(400)
    expect((await call('/__controls/rules/%zz', { method: 'DELETE', headers: auth })).status).toBe(404)
    expect(controls.rules()).toEqual([])
  })

  it('over HTTP: off without a token (the app answers), with one only for its bearer token', async () => {
    const off = setup()
    expect((await off.call('/__controls/rules')).status).toBe(404)

    const { call, controls } = setup('secret-token')
    const auth = { authorization: 'Bearer secret-token', 'content-type': 'application/json' }
    expect((await call('/__controls/rules')).status).toBe(401)
    expect((await call('/__controls/rules', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    const fault = await call('/__controls/faults', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ operationId: 'getItem', status: 503, times: 1 }),
    })
    expect(fault.status).toBe(201)
    const latency = await call('/__controls/latency', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ path: '/v2/*', delayMs: 1 }),
    })
    const latencyRule = (await latency.json()) as { id: string }
    expect((await call('/v2/items/1')).status).toBe(503)
    expect(
      (await call(`/__controls/rules/${latencyRule.id}`, { method: 'DELETE', headers: auth })).status,
    ).toBe(204)
    const journal = await call('/__controls/journal?operationId=getItem', { headers: auth })
    expect(((await journal.json()) as { entries: unknown[] }).entries).toMatchObject([
      { status: 503, delayedMs: 1 },
    ])
    const advanced = await call('/__controls/clock/advance', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ms: 5000 }),
    })
    expect(await advanced.json()).toMatchObject({ offsetMs: 5000 })
    expect(controls.clockOffsetMs()).toBe(5000)
    expect(
      (await call('/__controls/clock/advance', { method: 'POST', headers: auth, body: '{"ms":-5}' })).status,
    ).toBe(400)
    expect((await call('/__controls/reset', { method: 'POST', headers: auth })).status).toBe(204)
    expect(controls.clockOffsetMs()).toBe(0)
    expect((await call('/__controls/journal', { method: 'DELETE', headers: auth })).status).toBe(204)
    // The controls' own requests are not journaled.
    expect(controls.journal()).toEqual([])
  })
})
