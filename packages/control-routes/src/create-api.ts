import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, Env, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DEFAULT_DOCS_URL, problem, validationErrors } from './errors.js'
import { operations } from './generated/operations.js'
import { type OperationId, routes } from './generated/routes.js'
import type { ApiEnv, Handlers } from './handlers.js'
import { newRequestId } from './request-id.js'

/** Default maximum request body size: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024

export interface CreateApiOptions<E extends Env = ApiEnv> {
  /** The handlers, by operationId. Operations without one answer 501 (see `missingOperations`). */
  handlers: Partial<Handlers<E>>
  /**
   * Authentication/authorization middleware. It runs for every operation of the spec, after the
   * request id and the body limit and before validation; `c.get('operationId')` tells which
   * operation is called (see `extensions` for its `x-required-permissions`).
   */
  auth?: MiddlewareHandler<E>
  /** More middleware, run for every request (matched or not) after the request id. */
  middleware?: MiddlewareHandler<E>[]
  /** Generates the request id (`meta.requestId`). Default: `req_` + 22 base62 characters. Client headers are ignored. */
  requestId?: (c: Context<E>) => string
  /** Maximum request body size in bytes (default 1 MiB); `false` disables the check. */
  bodyLimit?: number | false
  /** Base URL of the error documentation used in problem `type`s. Default `https://docs.deploy-control.dev`. */
  docsUrl?: string
  /** Called with every unexpected exception (for logging); the client only sees a 500 problem. */
  onUnexpectedError?: (error: unknown, c: Context<E>) => void
}

const toHonoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1')
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`)

/**
 * Creates the Hono app of the API: every handler registered on its generated route, request
 * validation, and errors in the API's problem-details format (`{ meta: { requestId }, error }`)
 * for validation failures, malformed JSON, unknown routes (404), wrong methods (405),
 * oversized bodies (413), missing handlers (501) and unexpected exceptions (500).
 */
export function createApi<E extends Env = ApiEnv>(options: CreateApiOptions<E>): OpenAPIHono<E> {
  const docsUrl = options.docsUrl ?? DEFAULT_DOCS_URL
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const makeId = options.requestId ?? (() => newRequestId())
  // biome-ignore lint/suspicious/noExplicitAny: the context variables are ours, whatever E is.
  const rid = (c: Context<any>): string => (c.get('requestId') as string | undefined) ?? newRequestId()
  const fail = (c: Context, status: number, type: string, detail: string, extra = {}) =>
    c.json(problem(rid(c), status, type, detail, { docsUrl, ...extra }), status as ContentfulStatusCode)

  const app = new OpenAPIHono<E>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const part = result.target === 'json' || result.target === 'form' ? 'body' : result.target
        return fail(
          c,
          400,
          `request/invalid_${part === 'param' ? 'path' : part}`,
          `The request ${part === 'param' ? 'path' : part} does not match the schema of this operation.`,
          {
            errors: validationErrors(result.target, result.error),
          },
        )
      }
    },
  })

  app.use('*', async (c, next) => {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    ;(c as Context<any>).set('requestId', makeId(c))
    await next()
  })
  if (limit !== false) {
    app.use(
      '*',
      bodyLimit({
        maxSize: limit,
        onError: (c) => fail(c, 413, 'request/payload_too_large', `The request body exceeds ${limit} bytes.`),
      }),
    )
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
        fail(
          c,
          501,
          'application/not_implemented',
          `The operation ${id} is not implemented by this service.`,
        ),
      )
    }
  }

  const known = operations.map((op) => ({ method: op.method.toUpperCase(), pattern: pathPattern(op.path) }))
  app.notFound((c) => {
    const allowed = known.filter((k) => k.pattern.test(c.req.path)).map((k) => k.method)
    if (allowed.length > 0) {
      c.header('Allow', [...new Set(allowed)].join(', '))
      return fail(
        c,
        405,
        'request/method_not_allowed',
        `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(' or ')}.`,
      )
    }
    return fail(c, 404, 'request/route_not_found', `No operation is served at ${c.req.method} ${c.req.path}.`)
  })

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.status === 400) {
        const malformed = /json/i.test(error.message)
        return fail(
          c,
          400,
          malformed ? 'request/malformed_json' : 'request/invalid_body',
          malformed ? 'The request body could not be parsed as JSON.' : error.message,
          {
            errors: [
              {
                location: 'body',
                message: error.message,
                fix: 'Send a JSON object with Content-Type: application/json.',
              },
            ],
          },
        )
      }
      if (error.status === 413)
        return fail(c, 413, 'request/payload_too_large', 'The request body is too large.')
      if (error.status < 500)
        return fail(c, error.status, 'request/error', error.message || 'The request failed.')
    }
    options.onUnexpectedError?.(error, c as Context<E>)
    return fail(
      c,
      500,
      'application/unexpected_error',
      'An unexpected error occurred. Retry later and quote the requestId if it persists.',
    )
  })

  return app
}
