import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { createRouteApp, type ServeOptions } from './create-route-app.js'
import type { RouteError } from './route-error.js'

const renameThing = createRoute({
  method: 'post',
  path: '/v2/things/{thingId}',
  request: {
    params: z.object({ thingId: z.string().min(3) }),
    body: { content: { 'application/json': { schema: z.object({ name: z.string() }) } }, required: true },
  },
  responses: { 200: { description: 'renamed' } },
})
const getThing = createRoute({
  method: 'get',
  path: '/v2/things/{thingId}',
  responses: { 200: { description: 'the thing' } },
})
const operations = [
  { operationId: 'renameThing', method: 'post', path: '/v2/things/{thingId}' },
  { operationId: 'getThing', method: 'get', path: '/v2/things/{thingId}' },
] as const

/** An error format that shows what the app raised: `{ requestId, ...the RouteError }`. */
const echoError = (c: Context, error: RouteError, requestId: string) => {
  const { error: zodError, ...rest } = error as RouteError & { error?: unknown }
  return c.json({ requestId, ...rest, ...(zodError ? { issues: true } : {}) }, error.status as 400)
}

type Env = { Variables: { requestId: string; operationId: string } }
const serve = (
  options: ServeOptions<Env> & { handlers?: Record<string, unknown> } = {},
  requestIdHeader?: string,
) =>
  createRouteApp<Env>(
    {
      operations,
      routes: { renameThing, getThing },
      defaultBodyLimit: 100,
      errorResponse: echoError,
      ...(requestIdHeader ? { requestIdHeader } : {}),
    },
    {
      ...options,
      handlers: options.handlers ?? {
        renameThing: (c: Context<Env>) => c.json({ renamed: c.get('operationId') }, 200),
      },
    },
  )
const rename = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
})

describe('createRouteApp', () => {
  it('serves a handler with the operationId and a server-made request id', async () => {
    const app = serve({}, 'X-Request-Id')
    const res = await app.request('/v2/things/abc', rename('{"name":"n"}', { 'x-request-id': 'client' }))
    expect(await res.json()).toEqual({ renamed: 'renameThing' })
    expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9A-Za-z]{22}$/)
  })

  it('sends no request id header unless the API has one', async () => {
    const res = await serve().request('/v2/things/abc', rename('{"name":"n"}'))
    expect(res.headers.get('x-request-id')).toBeNull()
  })

  it('runs request id → body limit → middleware → operationId → auth → validation → handler', async () => {
    const seen: string[] = []
    const note =
      (name: string): MiddlewareHandler<Env> =>
      async (c, next) => {
        seen.push(`${name}:${c.get('requestId') ?? ''}:${c.get('operationId') ?? ''}`)
        await next()
      }
    const app = serve({
      requestId: () => 'req_1',
      middleware: [note('middleware')],
      auth: note('auth'),
      handlers: {
        renameThing: (c: Context<Env>) => {
          seen.push('handler')
          return c.json({}, 200)
        },
      },
    })
    await app.request('/v2/things/abc', rename('{"name":"n"}'))
    await app.request('/v2/things/abc', rename('{"name":1}'))
    expect(seen).toEqual([
      'middleware:req_1:',
      'auth:req_1:renameThing',
      'handler',
      'middleware:req_1:',
      'auth:req_1:renameThing',
    ])
  })

  it('raises invalid_request with the failing part', async () => {
    const res = await serve().request('/v2/things/ab', rename('{"name":"n"}'))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ kind: 'invalid_request', target: 'param', issues: true })
  })

  it('raises malformed_body for a body that is not JSON', async () => {
    const res = await serve().request('/v2/things/abc', rename('{"name":'))
    expect(await res.json()).toMatchObject({
      kind: 'malformed_body',
      status: 400,
      message: expect.any(String),
    })
  })

  it('raises route_not_found and method_not_allowed with Allow', async () => {
    const app = serve()
    expect(await (await app.request('/v2/nothing')).json()).toMatchObject({ kind: 'route_not_found' })
    const res = await app.request('/v2/things/abc', { method: 'PUT' })
    expect(res.headers.get('allow')).toBe('POST, GET')
    expect(await res.json()).toMatchObject({ kind: 'method_not_allowed', allowed: ['POST', 'GET'] })
  })

  it('raises payload_too_large with the limit, unless the limit is off', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(200) })
    const res = await serve().request('/v2/things/abc', rename(big, { 'content-length': String(big.length) }))
    expect(await res.json()).toMatchObject({ kind: 'payload_too_large', status: 413, limit: 100 })
    expect((await serve({ bodyLimit: false }).request('/v2/things/abc', rename(big))).status).toBe(200)
    expect((await serve({ bodyLimit: 1000 }).request('/v2/things/abc', rename(big))).status).toBe(200)
  })

  it('raises not_implemented for an operation without a handler', async () => {
    expect(await (await serve().request('/v2/things/abc')).json()).toMatchObject({
      kind: 'not_implemented',
      status: 501,
      operationId: 'getThing',
    })
  })

  it('raises unexpected_error for what a handler throws, and tells onUnexpectedError', async () => {
    const logged: unknown[] = []
    const app = serve({
      onUnexpectedError: (error) => logged.push(error),
      handlers: {
        renameThing: () => {
          throw new Error('secret')
        },
        getThing: () => {
          throw new HTTPException(503, { message: 'down' })
        },
      },
    })
    const res = await app.request('/v2/things/abc', rename('{"name":"n"}'))
    expect(await res.json()).toEqual({
      requestId: expect.stringMatching(/^req_/),
      kind: 'unexpected_error',
      status: 500,
    })
    expect((await app.request('/v2/things/abc')).status).toBe(500)
    expect(logged).toHaveLength(2)
  })

  it('raises http_error for a client HTTPException', async () => {
    const app = serve({
      handlers: {
        getThing: () => {
          throw new HTTPException(409, { message: 'busy' })
        },
      },
    })
    expect(await (await app.request('/v2/things/abc')).json()).toMatchObject({
      kind: 'http_error',
      status: 409,
      message: 'busy',
    })
  })

  it('lets mapError answer an error before the default 500', async () => {
    class Unavailable extends Error {}
    const logged: unknown[] = []
    const app = serve({
      mapError: (error, c) => (error instanceof Unavailable ? c.json({ down: true }, 503) : undefined),
      onUnexpectedError: (error) => logged.push(error),
      handlers: {
        renameThing: () => {
          throw new Unavailable()
        },
        getThing: () => {
          throw new Error('other')
        },
      },
    })
    const res = await app.request('/v2/things/abc', rename('{"name":"n"}'))
    expect([res.status, await res.json()]).toEqual([503, { down: true }])
    expect((await app.request('/v2/things/abc')).status).toBe(500)
    expect(logged).toHaveLength(1)
  })
})

describe('a request body cut short', () => {
  it('is answered as a client error, not logged as unexpected', async () => {
    const unexpected: unknown[] = []
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
    const app = serve({
      onUnexpectedError: (error) => unexpected.push(error),
      mapError: (error) => {
        unexpected.push(error)
        return undefined
      },
      handlers: {
        renameThing: () => {
          throw aborted
        },
      },
    })
    const res = await app.request('/v2/things/abc', rename('{"name":"n"}'))
    expect(res.status).toBe(400)
    expect(unexpected).toEqual([])
  })
})
