/**
 * The request body limit, checked without touching the body when the request says its length.
 *
 * The routes package's default limit (hono/body-limit) starts with `c.req.raw.body`, and on
 * @hono/node-server that getter turns the lightweight request into a full web `Request` with a
 * `ReadableStream` over the socket, on every request: about a fifth of the CPU time of a
 * `ratelimit.limit` call in the profile of issue 7. Here a `Content-Length` (without
 * `Transfer-Encoding`) is compared as it is; only a chunked body falls back to hono's middleware,
 * which counts it while reading. The answer is the same 413 problem either way.
 */
import { DEFAULT_BODY_LIMIT, problem } from '@apiplatform/control-routes'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'

export function bodyLimit(maxSize: number = DEFAULT_BODY_LIMIT): MiddlewareHandler {
  const tooLarge = (c: Context) =>
    c.json(
      problem(
        c.get('requestId') as string,
        413,
        'request/payload_too_large',
        `The request body exceeds ${maxSize} bytes.`,
      ),
      413,
    )
  const counting = honoBodyLimit({ maxSize, onError: tooLarge })
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next()
    }
    return counting(c, next)
  }
}
