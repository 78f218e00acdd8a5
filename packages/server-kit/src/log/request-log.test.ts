import { Writable } from 'node:stream'
import { Hono } from 'hono'
import { expect, it, vi } from 'vitest'
import { serve } from '../http/serve.js'
import { createLogger } from './logger.js'
import { requestLog } from './request-log.js'

function collect() {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, logger: createLogger({ level: 'info', destination }) }
}

function app(log: ReturnType<typeof requestLog>) {
  let n = 0
  const makeId = log.requestId<import('hono').Context>(() => `req_${++n}`)
  const hono = new Hono<{ Variables: { requestId: string; operationId: string } }>()
  hono.use('*', async (c, next) => {
    c.set('requestId', makeId(c))
    await next()
  })
  hono.post('/too-large', (c) => c.json({ error: 'too large' }, 413))
  hono.post('/items', async (c) => {
    c.set('operationId', 'createItem')
    const body = await c.req.json()
    if (!body.name)
      return c.json({ error: 'Bad Request', details: [{ path: ['name'], message: 'Required' }] }, 400)
    return c.json({ ok: true })
  })
  hono.get('/boom', () => {
    throw new Error('kaboom')
  })
  hono.onError((error, c) => {
    log.unexpected(error, c)
    return c.json({ error: 'unexpected' }, 500)
  })
  return { fetch: log.fetch(hono.fetch) }
}

/** The line is written a few ticks after the response (a 4xx's body is read for its verdict). */
const linesArrived = (lines: unknown[], count: number) =>
  vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(count), { timeout: 10_000, interval: 5 })

it('logs one line per request with id, method, path, operation, status and duration', async () => {
  const { lines, logger } = collect()
  const server = app(requestLog(logger, { requestIdHeader: 'X-Request-Id' }))
  const res = await server.fetch(
    new Request('http://x/items?x=1', {
      method: 'POST',
      body: '{"name":"a"}',
      headers: { 'content-type': 'application/json' },
    }),
  )
  expect(res.headers.get('x-request-id')).toBe('req_1')
  await linesArrived(lines, 1)
  expect(lines).toEqual([
    expect.objectContaining({
      level: 'info',
      reqId: 'req_1',
      method: 'POST',
      path: '/items',
      operationId: 'createItem',
      status: 200,
      durationMs: expect.any(Number),
    }),
  ])
  expect(lines[0]).not.toHaveProperty('verdict')
})

it('adds the verdict of a 4xx, and logs responses answered before any middleware', async () => {
  const { lines, logger } = collect()
  const server = app(requestLog(logger, { verdict: (body) => (body as { details?: unknown }).details }))
  await server.fetch(new Request('http://x/items', { method: 'POST', body: '{}' }))
  await server.fetch(new Request('http://x/too-large', { method: 'POST' }))
  await server.fetch(new Request('http://x/nowhere'))
  await linesArrived(lines, 3)
  expect(lines.map((l) => [l.path, l.status])).toEqual([
    ['/items', 400],
    ['/too-large', 413],
    ['/nowhere', 404],
  ])
  expect(lines[0]?.verdict).toEqual([{ path: ['name'], message: 'Required' }])
})

it('logs an unexpected error with the request id and its stack, and its request line as a warning', async () => {
  const { lines, logger } = collect()
  const server = app(requestLog(logger))
  const res = await server.fetch(new Request('http://x/boom'))
  expect(res.status).toBe(500)
  await linesArrived(lines, 2)
  const [error, request] = lines
  expect(error).toMatchObject({ level: 'error', msg: 'unexpected error', reqId: 'req_1', path: '/boom' })
  expect((error?.err as { stack?: string } | undefined)?.stack ?? '').toContain('kaboom')
  expect(request).toMatchObject({ level: 'warn', reqId: 'req_1', status: 500 })
})

it('writes one pretty line per request, with its request id, as it does one JSON line', async () => {
  let text = ''
  const destination = new Writable({
    write(chunk, _e, done) {
      text += String(chunk)
      done()
    },
  })
  const server = app(requestLog(createLogger({ level: 'info', pretty: true, destination })))
  await server.fetch(
    new Request('http://x/items', {
      method: 'POST',
      body: '{"name":"a"}',
      headers: { 'content-type': 'application/json' },
    }),
  )
  await server.fetch(new Request('http://x/items', { method: 'POST', body: '{}' }))
  await vi.waitFor(() => expect(text.split('\n').filter(Boolean)).toHaveLength(2), {
    timeout: 10_000,
    interval: 5,
  })
  const [ok, refused] = text.split('\n').filter(Boolean)
  expect(ok).toMatch(/INFO.*"reqId":"req_1".*"status":200/)
  expect(refused).toMatch(/"reqId":"req_2".*"status":400/)
})

it('writes nothing below its level', async () => {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _e, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const server = app(requestLog(createLogger({ level: 'warn', destination })))
  await server.fetch(new Request('http://x/items', { method: 'POST', body: '{"name":"a"}' }))
  // A request that is logged (a 500 is a warning), after the one that is not: once its line is
  // written, the first request's line would have been too.
  await server.fetch(new Request('http://x/boom'))
  const parsed = () => lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l))
  await vi.waitFor(() => expect(parsed().some((l) => l.status === 500)).toBe(true), { timeout: 10_000 })
  expect(parsed().filter((l) => l.path === '/items')).toEqual([])
})

it('rejects an unknown LOG_LEVEL with the accepted names', () => {
  expect(() => createLogger({ level: 'verbose' })).toThrow(
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose"',
  )
})

it('behind @hono/node-server every response carries the request id header, whatever answered it', async () => {
  const { logger } = collect()
  const server = await serve(app(requestLog(logger, { requestIdHeader: 'X-Request-Id' })), {
    port: 0,
    clientError: () => ({ status: 400, body: {} }),
  })
  try {
    const post = (path: string, body: string) =>
      fetch(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    const ok = await post('/items', '{"name":"a"}')
    expect([ok.status, ok.headers.get('x-request-id'), ok.headers.get('content-type')]).toEqual([
      200,
      'req_1',
      'application/json',
    ])
    expect(await ok.json()).toEqual({ ok: true })
    const invalid = await post('/items', '{}')
    expect([invalid.status, invalid.headers.get('x-request-id')]).toEqual([400, 'req_2'])
    const missing = await fetch(`${server.url}/nowhere`)
    expect([missing.status, missing.headers.get('x-request-id')]).toEqual([404, 'req_3'])
    const failed = await fetch(`${server.url}/boom`)
    expect([failed.status, failed.headers.get('x-request-id')]).toEqual([500, 'req_4'])
  } finally {
    await server.close()
  }
})
