import type { Context } from 'hono'
import { ApiError } from '../errors.js'
import { dependencyFailure } from './dependency-failures.js'
import type { AppEnv } from './env.js'

/**
 * The routes package's `mapError`: an ApiError thrown anywhere below (auth, metering, handlers,
 * domain code) answers as itself, a database failure as the documented 503/504/502 (see
 * `dependencyFailure`); anything else is left to the routes package's 500.
 */
export function apiErrorResponse(
  error: unknown,
  c: Context<AppEnv>,
  logUnexpected: (error: unknown, c: Context<AppEnv>) => void,
): Response | undefined {
  if (error instanceof ApiError) return c.json(error.body(), error.status)
  const failure = dependencyFailure(c.get('operationId'), error)
  if (!failure) return undefined
  logUnexpected(error, c)
  return c.json(
    { success: false as const, error: failure.error, details: { requestId: c.get('requestId') } },
    failure.status,
    failure.headers,
  )
}
