import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './env.js'
import { ApiError } from './errors.js'

/**
 * Turns an ApiError thrown anywhere below (auth, handlers, domain code) into its response. The
 * API's own error handler has already answered 500 by then; this replaces that answer.
 */
export const apiErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await next()
  } catch (error) {
    if (error instanceof ApiError) {
      c.res = c.json(error.body(), error.status)
      return
    }
    throw error
  }
  if (c.error instanceof ApiError) {
    const requestId = c.res.headers.get('X-Request-Id')
    c.res = undefined
    c.res = c.json(c.error.body(), c.error.status)
    if (requestId) c.res.headers.set('X-Request-Id', requestId)
  }
}
