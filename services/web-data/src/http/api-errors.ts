import type { Context } from 'hono'
import { ApiError } from '../errors.js'
import { dependencyFailure } from './dependency-failures.js'
import type { ServiceEnv } from './env.js'

/**
 * The routes package's `mapError`: an ApiError thrown anywhere below (auth, metering, handlers,
 * domain code) answers as itself, a database failure as the documented 503/504/502 (see
 * `dependencyFailure`); anything else is left to the routes package's 500.
 */
export function errorMapper(
  logUnexpected: (error: unknown, c: Context<ServiceEnv>) => void,
): (error: unknown, c: Context<ServiceEnv>) => Response | undefined {
  return (error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status)
    const failure = dependencyFailure(c.get('operationId'), error)
    if (!failure) return undefined
    // A failing database is still worth a log line, though the client gets the documented 5xx.
    logUnexpected(error, c)
    return c.json(
      { success: false as const, error: failure.error, details: { requestId: c.get('requestId') } },
      failure.status,
      failure.headers,
    )
  }
}
