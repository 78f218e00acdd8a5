import { classifyDatabaseFailure } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { ApiError } from '../domain/errors.js'
import type { ServiceEnv } from './env.js'
import { errorResponse } from './problems.js'

/**
 * Liveness as the spec defines it: 200 while the process can serve requests, 412 while it cannot
 * because its database is unreachable (every other operation needs it). The check is `SELECT 1`:
 * no data is read. Any other failure of that check is a bug and goes on to the 500 handler.
 *
 * There is no separate "draining" answer: on SIGTERM the service closes its listener first, so
 * a draining instance accepts no new connection at all, which load balancers already handle.
 */
export function livenessAnswer(deps: Pick<Deps, 'db'>) {
  return async (c: Context<ServiceEnv>) => {
    try {
      await deps.db.query('SELECT 1')
    } catch (error) {
      if (!classifyDatabaseFailure(error)) throw error
      return errorResponse(
        c,
        new ApiError(
          412,
          'application/service_not_ready',
          'The service cannot reach its database and is not ready to serve requests. Retry shortly, or route to another instance.',
        ),
      )
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200)
  }
}
