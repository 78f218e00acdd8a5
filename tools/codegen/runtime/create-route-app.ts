import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, Env, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { bodyLimit } from './body-limit.js'
import { checkRequestText, MAX_JSON_DEPTH } from './input-guard.js'
import { newRequestId } from './request-id.js'
import type { ErrorResponder, RouteError } from './route-error.js'

/** The options a service passes to its API's `createApi`, whatever the API. */
export interface ServeOptions<E extends Env> {
  /**
   * Authentication/authorization middleware. It runs for every operation of the spec, after the
   * request id and the body limit and before validation; `c.get('operationId')` tells which
   * operation is called (see `extensions` for its `x-*` keys).
   */
  auth?: MiddlewareHandler<E>
  /** More middleware, run for every request (matched or not) after the request id and the body limit. */
  middleware?: MiddlewareHandler<E>[]
  /** Generates the request id (`c.get('requestId')`). Default: `req_` + 22 base62 characters. Client headers are ignored. */
  requestId?: (c: Context<E>) => string
  /** Maximum request body size in bytes (default: the API's `DEFAULT_BODY_LIMIT`); `false` disables the check. */
  bodyLimit?: number | false
  /**
   * Maps an error thrown by a handler or middleware to a response of the service's own, before
   * the default answer (the API's 400/413/4xx for hono's `HTTPException`s, a 500 otherwise).
   * Return `undefined` to keep the default. Used for failures that deserve another status than
   * 500, e.g. a database that is down (503) or timed out (504).
   */
  mapError?: (error: unknown, c: Context<E>) => Response | undefined | Promise<Response | undefined>
  /** Called with every unexpected exception (for logging); the client only sees a 500. */
  onUnexpectedError?: (error: unknown, c: Context<E>) => void
}

/** What tells one API's route app from another's: its generated routes and its error format. */
export interface RouteAppDefinition {
  /** `operations` of the generated code: method, path and operationId, in spec order. */
  operations: readonly { operationId: string; method: string; path: string }[]
  /** `routes` of the generated code, by operationId. */
  routes: Readonly<Record<string, RouteConfig>>
  /** The limit when `ServeOptions.bodyLimit` is not given. */
  defaultBodyLimit: number
  /** How deep a JSON request body may nest (objects and arrays); default `MAX_JSON_DEPTH`. */
  maxJsonDepth?: number
  /** A response header that carries the request id on every response (none when omitted). */
  requestIdHeader?: string
  errorResponse: ErrorResponder
}

const toHonoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1')
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`)

/**
 * The Hono app of an API: request id → body limit → `middleware[]` → per operation:
 * `operationId` → `auth` → text check (`input-guard.ts`) → validation → handler (or a 501 without one), and every error the app
 * answers by itself (validation, malformed body, 404, 405, 413, 501, 500) in the API's format.
 */
export function createRouteApp<E extends Env>(
  api: RouteAppDefinition,
  options: ServeOptions<E> & { handlers: Partial<Record<string, unknown>> },
): OpenAPIHono<E> {
  const limit = options.bodyLimit ?? api.defaultBodyLimit
  const makeId = options.requestId ?? (() => newRequestId())
  // biome-ignore lint/suspicious/noExplicitAny: the context variables are ours, whatever E is.
  const vars = (c: Context) => c as Context<any>
  const requestId = (c: Context): string => (vars(c).get('requestId') as string | undefined) ?? newRequestId()
  const fail = (c: Context, error: RouteError) => api.errorResponse(c, error, requestId(c))

  const app = new OpenAPIHono<E>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return fail(c, {
          kind: 'invalid_request',
          status: 400,
          target: result.target,
          error: result.error,
          // @hono/zod-validator passes the checked value as `data`; @hono/zod-openapi's Hook type omits it.
          input: (result as { data?: unknown }).data,
        })
      }
    },
  })

  app.use('*', async (c, next) => {
    const id = makeId(c)
    vars(c).set('requestId', id)
    if (api.requestIdHeader) c.header(api.requestIdHeader, id)
    await next()
  })
  if (limit !== false) {
    app.use(
      '*',
      bodyLimit(limit, (c) => fail(c, { kind: 'payload_too_large', status: 413, limit })),
    )
  }
  for (const mw of options.middleware ?? []) app.use('*', mw)

  const maxJsonDepth = api.maxJsonDepth ?? MAX_JSON_DEPTH
  const checkText: MiddlewareHandler<E> = async (c, next) => {
    const refused = await checkRequestText(c, maxJsonDepth)
    if (refused) return fail(c, refused)
    await next()
  }

  for (const op of api.operations) {
    const method = op.method.toUpperCase()
    const path = toHonoPath(op.path)
    const setOperation: MiddlewareHandler<E> = async (c, next) => {
      vars(c).set('operationId', op.operationId)
      await next()
    }
    app.on(method, path, setOperation, ...(options.auth ? [options.auth] : []), checkText)
    const handler = options.handlers[op.operationId]
    const route = api.routes[op.operationId]
    if (typeof handler === 'function' && route) {
      // biome-ignore lint/suspicious/noExplicitAny: each handler is typed against its own route by the API's Handlers type.
      app.openapi(route, handler as any)
    } else {
      app.on(method, path, (c) =>
        fail(c, { kind: 'not_implemented', status: 501, operationId: op.operationId }),
      )
    }
  }

  const known = api.operations.map((op) => ({
    method: op.method.toUpperCase(),
    pattern: pathPattern(op.path),
  }))
  app.notFound((c) => {
    const allowed = [...new Set(known.filter((k) => k.pattern.test(c.req.path)).map((k) => k.method))]
    if (allowed.length === 0) return fail(c, { kind: 'route_not_found', status: 404 })
    c.header('Allow', allowed.join(', '))
    return fail(c, { kind: 'method_not_allowed', status: 405, allowed })
  })

  app.onError(async (error, c) => {
    // The client went away while its body was read (or the server's request timeout cut it off):
    // nobody receives this answer, and it is no bug of ours, nor a database failure (its code,
    // ECONNRESET, is one that `mapError` may read as a lost database connection).
    if (isAbortedBody(error)) {
      return fail(c, { kind: 'http_error', status: 400, message: 'The request was aborted.' })
    }
    const mapped = await options.mapError?.(error, c as Context<E>)
    if (mapped) return mapped
    if (error instanceof HTTPException && error.status < 500) {
      if (error.status === 400)
        return fail(c, { kind: 'malformed_body', status: 400, message: error.message })
      if (error.status === 413) return fail(c, { kind: 'payload_too_large', status: 413 })
      if (error.status === 415) {
        return fail(c, {
          kind: 'invalid_content_type',
          status: 400,
          contentType: c.req.header('content-type'),
        })
      }
      return fail(c, { kind: 'http_error', status: error.status, message: error.message })
    }
    options.onUnexpectedError?.(error, c as Context<E>)
    return fail(c, { kind: 'unexpected_error', status: 500 })
  })

  return app
}

/** Node's error for a request body cut short: `Error('aborted')` with code `ECONNRESET`. */
function isAbortedBody(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: string }).code === 'ECONNRESET' &&
    error.message === 'aborted'
  )
}
