/**
 * One structured line per request: request id, method, path, operationId, status, duration and,
 * for a 4xx, what was wrong with the request (the service's own summary of its error body).
 *
 * The line is written around the app's `fetch`, not by a middleware, so every response is logged,
 * including those answered before any middleware of the service runs (413 of the body limit, 404,
 * 405). The request id and operationId come from the request's Hono context, which `requestId()`
 * (the id generator the routes packages call first on every request) remembers.
 */
import type { Context } from 'hono'
import type { Logger } from './logger.js'

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>

export interface RequestLogOptions {
  /** A response header that carries the request id on every response (e.g. `X-Request-Id`). */
  requestIdHeader?: string
  /** Summarises a 4xx body in the service's error format (validation problems, the error's title). */
  verdict?: (body: unknown) => unknown
}

export interface RequestLog {
  /** Wraps the API's request id generator (the routes packages' `requestId` option). */
  requestId<C extends Context>(make: (c: C) => string): (c: C) => string
  /** The app's fetch, writing one line per request once its response is ready. */
  fetch<F extends Fetch>(handler: F): F
  /** Logs an unexpected exception (answered 500) with the request id and the stack. */
  unexpected(error: unknown, c: Context): void
}

/** Largest 4xx body read for its verdict; a bigger one is logged without. */
const VERDICT_BODY_LIMIT = 64 * 1024

export function requestLog(logger: Logger, options: RequestLogOptions = {}): RequestLog {
  const contexts = new WeakMap<Request, Context>()
  const header = options.requestIdHeader

  const write = async (request: Request, response: Response, durationMs: number, body?: Promise<string>) => {
    const c = contexts.get(request)
    const status = response.status
    const line: Record<string, unknown> = {
      reqId: c?.get('requestId') ?? response.headers.get('x-request-id') ?? undefined,
      method: request.method,
      path: c?.req.path ?? new URL(request.url).pathname,
      operationId: c?.get('operationId'),
      status,
      durationMs: Math.round(durationMs * 10) / 10,
    }
    if (body && options.verdict) {
      try {
        line.verdict = options.verdict(JSON.parse(await body))
      } catch {
        // not JSON: the status says enough
      }
    }
    const message = `${line.method} ${line.path} ${status}`
    // A 5xx is a warning (a documented 503 too); the exception behind a 500 is logged as an error.
    if (status >= 500) logger.warn(line, message)
    else logger.info(line, message)
  }

  return {
    requestId(make) {
      return (c) => {
        const id = make(c)
        contexts.set(c.req.raw, c)
        if (header) setResponseHeader(c, header, id)
        return id
      }
    },
    fetch<F extends Fetch>(handler: F): F {
      const logged = async (request: Request, ...rest: never[]) => {
        const started = performance.now()
        const response = await handler(request, ...rest)
        if (!logger.isLevelEnabled(response.status >= 500 ? 'warn' : 'info')) return response
        const durationMs = performance.now() - started
        const length = Number(response.headers.get('content-length') ?? 0)
        const readBody =
          response.status >= 400 && response.status < 500 && options.verdict && length <= VERDICT_BODY_LIMIT
        // The clone is taken before the server reads the body; it is read after the answer left.
        const body = readBody ? response.clone().text() : undefined
        void write(request, response, durationMs, body).catch(() => {})
        return response
      }
      return logged as F
    },
    unexpected(error, c) {
      logger.error(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          operationId: c.get('operationId'),
          err: error,
        },
        'unexpected error',
      )
    },
  }
}

/** Node's response, which `@hono/node-server` passes as the app's env (`{ incoming, outgoing }`). */
interface NodeResponse {
  setHeader(name: string, value: string): unknown
  headersSent: boolean
}

/**
 * A header of every response. Behind `@hono/node-server` it goes straight onto node's response,
 * whatever Response the app answers with: `c.header` would give every response a `Headers`
 * object of its own (hono answers a lone content type with a plain object otherwise), which
 * costs more than the rest of the request id's work (about 3 µs a request). Without a node
 * response (`app.request`, other runtimes) it is set on the context as usual.
 */
function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as { outgoing?: Partial<NodeResponse> } | undefined)?.outgoing
  if (typeof outgoing?.setHeader === 'function' && outgoing.headersSent === false) {
    outgoing.setHeader(name, value)
  } else c.header(name, value)
}
