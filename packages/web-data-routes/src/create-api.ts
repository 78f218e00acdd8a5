import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, Env, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { errorBody, validationDetails } from './errors.js'
import { operations } from './generated/operations.js'
import { type OperationId, routes } from './generated/routes.js'
import type { ApiEnv, Handlers } from './handlers.js'
import { newRequestId } from './request-id.js'

/** Default maximum request body size: 10 MiB (file uploads to `/v2/parse` included). */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024

export interface CreateApiOptions<E extends Env = ApiEnv> {
  /** The handlers, by operationId. Operations without one answer 501 (see `missingOperations`). */
  handlers: Partial<Handlers<E>>
  /**
   * Authentication middleware. It runs for every operation of the spec, after the request id and
   * the body limit and before validation; `c.get('operationId')` tells which operation is called.
   */
  auth?: MiddlewareHandler<E>
  /** More middleware, run for every request (matched or not) after the request id. */
  middleware?: MiddlewareHandler<E>[]
  /** Generates the request id (sent as `X-Request-Id`). Client headers are ignored. */
  requestId?: (c: Context<E>) => string
  /** Maximum request body size in bytes (default 10 MiB); `false` disables the check. */
  bodyLimit?: number | false
  /** Called with every unexpected exception (for logging); the client only sees a 500. */
  onUnexpectedError?: (error: unknown, c: Context<E>) => void
}

const toHonoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1')
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`)

/**
 * Creates the Hono app of the API: every handler registered on its generated route, request
 * validation, and errors in the API's format (`{ success: false, error, details?, code? }`) for
 * validation failures and malformed JSON (400), unknown routes (404), wrong methods (405),
 * oversized bodies (413), missing handlers (501) and unexpected exceptions (500).
 */
export function createApi<E extends Env = ApiEnv>(options: CreateApiOptions<E>): OpenAPIHono<E> {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const makeId = options.requestId ?? (() => newRequestId())
  // biome-ignore lint/suspicious/noExplicitAny: the context variables are ours, whatever E is.
  const rid = (c: Context<any>): string => (c.get('requestId') as string | undefined) ?? newRequestId()
  const fail = (
    c: Context,
    status: number,
    error: string,
    extra: { details?: unknown; code?: string } = {},
  ) => c.json(errorBody(error, extra), status as ContentfulStatusCode)

  const app = new OpenAPIHono<E>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return fail(c, 400, 'Bad Request', { details: validationDetails(result.target, result.error) })
      }
    },
  })

  app.use('*', async (c, next) => {
    const id = makeId(c)
    // biome-ignore lint/suspicious/noExplicitAny: see above
    ;(c as Context<any>).set('requestId', id)
    c.header('X-Request-Id', id)
    await next()
  })
  if (limit !== false) {
    app.use('*', bodyLimit({ maxSize: limit, onError: (c) => fail(c, 413, 'Payload Too Large') }))
  }
  for (const mw of options.middleware ?? []) app.use('*', mw)

  for (const op of operations) {
    const id = op.operationId as OperationId
    const path = toHonoPath(op.path)
    const setOperation: MiddlewareHandler<E> = async (c, next) => {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      ;(c as Context<any>).set('operationId', id)
      await next()
    }
    app.on(op.method.toUpperCase(), path, setOperation, ...(options.auth ? [options.auth] : []))
    const handler = options.handlers[id]
    if (typeof handler === 'function') {
      // biome-ignore lint/suspicious/noExplicitAny: each handler is typed against its own route in Handlers.
      app.openapi(routes[id] as RouteConfig, handler as any)
    } else {
      app.on(op.method.toUpperCase(), path, (c) =>
        fail(c, 501, 'Not Implemented', { code: 'NOT_IMPLEMENTED' }),
      )
    }
  }

  const known = operations.map((op) => ({ method: op.method.toUpperCase(), pattern: pathPattern(op.path) }))
  app.notFound((c) => {
    const allowed = known.filter((k) => k.pattern.test(c.req.path)).map((k) => k.method)
    if (allowed.length > 0) {
      c.header('Allow', [...new Set(allowed)].join(', '))
      return fail(c, 405, 'Method Not Allowed')
    }
    return fail(c, 404, 'Not Found')
  })

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.status === 400) {
        return fail(c, 400, 'Bad Request', {
          details: [
            {
              in: 'body',
              path: [],
              message: error.message || 'Malformed request body',
              code: 'invalid_json',
            },
          ],
        })
      }
      if (error.status === 413) return fail(c, 413, 'Payload Too Large')
      if (error.status < 500) return fail(c, error.status, error.message || 'Bad Request')
    }
    options.onUnexpectedError?.(error, c as Context<E>)
    return fail(c, 500, 'Internal Server Error', { details: { requestId: rid(c) } })
  })

  return app
}
