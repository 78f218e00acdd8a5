import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

/**
 * The docs portal's origins (`pnpm start` serves it on 127.0.0.1:7300): its reference pages send
 * "try it" requests straight from the reader's browser to the service.
 */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://127.0.0.1:7300', 'http://localhost:7300']

/**
 * `CORS_ORIGINS`: a comma-separated list of origins allowed to call the service from a browser;
 * `*` allows every origin, an empty value (or `none`) none. Unset: the docs portal's origins.
 */
export function corsOriginsFromEnv(value: string | undefined): string[] {
  if (value === undefined) return [...DEFAULT_CORS_ORIGINS]
  const origins = value
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o && o.toLowerCase() !== 'none')
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/i.test(origin))
      throw new Error(`CORS_ORIGINS: expected origins like http://127.0.0.1:7300, got ${origin}`)
  }
  return origins
}

/**
 * CORS for the listed origins only (hono's `cors` does the headers). A request from another
 * origin, or without one, passes through untouched: no CORS headers, and a preflight `OPTIONS`
 * gets the API's usual 405, so browsers keep refusing other sites. Responses the API answers by
 * itself (401, 404, 429, …) carry the headers too, so a browser can read the documented error.
 */
export function allowOrigins(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins)
  const any = allowed.has('*')
  const headers = cors({
    origin: (origin) => origin,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Left empty, hono echoes the preflight's Access-Control-Request-Headers (Authorization, …).
    allowHeaders: [],
    // What a browser client reads: the wait before a retry, the id to quote, whether an answer is a replay.
    exposeHeaders: ['Retry-After', 'X-Request-Id', 'Idempotent-Replayed'],
    maxAge: 600,
  })
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (!origin || !(any || allowed.has(origin))) return next()
    // An OPTIONS request is a preflight only when it names the method it asks for.
    if (c.req.method === 'OPTIONS' && !c.req.header('access-control-request-method')) return next()
    return headers(c, next)
  }
}
