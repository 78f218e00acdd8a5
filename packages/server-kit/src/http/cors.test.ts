import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { allowOrigins, corsOriginsFromEnv, DEFAULT_CORS_ORIGINS } from './cors.js'

const DOCS = 'http://127.0.0.1:7300'

/** An app shaped like the services': the middleware first, a route, and 405 for other methods. */
function app(origins: readonly string[]) {
  const a = new Hono()
  a.use('*', allowOrigins(origins))
  a.get('/v2/thing', (c) => c.json({ ok: true }))
  a.post('/v2/secret', (c) => c.json({ error: 'unauthorized' }, 401, { 'X-Request-Id': 'req_1' }))
  a.notFound((c) => c.json({ error: 'method not allowed' }, 405))
  return a
}

const preflight = (origin: string, method = 'POST') =>
  new Request('http://svc/v2/secret', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  })

describe('corsOriginsFromEnv', () => {
  it('defaults to the docs portal origins', () => {
    expect(corsOriginsFromEnv(undefined)).toEqual([...DEFAULT_CORS_ORIGINS])
    expect(DEFAULT_CORS_ORIGINS).toEqual(['http://127.0.0.1:7300', 'http://localhost:7300'])
  })

  it('reads a comma-separated list, `*`, and none', () => {
    expect(corsOriginsFromEnv(' https://docs.acme.dev/ , http://localhost:3000')).toEqual([
      'https://docs.acme.dev',
      'http://localhost:3000',
    ])
    expect(corsOriginsFromEnv('*')).toEqual(['*'])
    expect(corsOriginsFromEnv('')).toEqual([])
    expect(corsOriginsFromEnv('none')).toEqual([])
  })

  it('refuses something that is not an origin', () => {
    expect(() => corsOriginsFromEnv('docs.acme.dev')).toThrow(/CORS_ORIGINS/)
    expect(() => corsOriginsFromEnv('https://docs.acme.dev/path')).toThrow(/CORS_ORIGINS/)
  })
})

describe('allowOrigins', () => {
  it('answers a preflight from an allowed origin with 204 and the CORS headers', async () => {
    const res = await app(DEFAULT_CORS_ORIGINS).fetch(preflight(DOCS))
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(DOCS)
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
    expect(res.headers.get('access-control-max-age')).toBe('600')
    expect(res.headers.get('vary')).toContain('Origin')
  })

  it('puts the headers on the answer, errors included, and exposes the request id', async () => {
    const res = await app(DEFAULT_CORS_ORIGINS).fetch(
      new Request('http://svc/v2/secret', { method: 'POST', headers: { origin: 'http://localhost:7300' } }),
    )
    expect(res.status).toBe(401)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:7300')
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id')
    expect(res.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed')
    expect(await res.json()).toEqual({ error: 'unauthorized' })
  })

  it('leaves other origins alone: no headers, and the usual 405 for OPTIONS', async () => {
    const a = app(DEFAULT_CORS_ORIGINS)
    const pre = await a.fetch(preflight('https://evil.example'))
    expect(pre.status).toBe(405)
    expect(pre.headers.get('access-control-allow-origin')).toBeNull()
    const get = await a.fetch(
      new Request('http://svc/v2/thing', { headers: { origin: 'https://evil.example' } }),
    )
    expect(get.status).toBe(200)
    expect(get.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('is off with no origins, and allows any with `*`', async () => {
    expect((await app([]).fetch(preflight(DOCS))).status).toBe(405)
    const any = await app(['*']).fetch(preflight('https://docs.acme.dev'))
    expect(any.status).toBe(204)
    expect(any.headers.get('access-control-allow-origin')).toBe('https://docs.acme.dev')
  })

  it('treats an OPTIONS request without Access-Control-Request-Method as a plain request', async () => {
    const res = await app(DEFAULT_CORS_ORIGINS).fetch(
      new Request('http://svc/v2/secret', { method: 'OPTIONS', headers: { origin: DOCS } }),
    )
    expect(res.status).toBe(405)
  })
})
