/**
 * The one place where the service turns what a handler or middleware threw into a response,
 * given to the routes package as its `mapError`:
 *
 * - an `ApiError` (400 `InvalidInput`, 403, 404, 412, …) becomes the documented `{ meta, error }`,
 *   when the operation documents its status;
 * - a database failure becomes the operation's documented 503 / 504 / 502 (and is logged);
 * - anything else, an `ApiError` with a status the operation does not document included, is a
 *   bug: the routes package answers 500 with the request id and hands it to the log.
 */
import { spec } from '@apiplatform/control-routes'
import { documentedStatuses } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import { ApiError } from '../domain/errors.js'
import { dependencyFailureResponse } from './dependency-failures.js'
import { errorResponse } from './problems.js'

export function errorMapper(
  logUnexpected: (error: unknown, c: Context) => void,
): (error: unknown, c: Context) => Response | undefined {
  const documented = documentedStatuses(spec)
  const answerDependencyFailure = dependencyFailureResponse()
  return (error, c) => {
    if (error instanceof ApiError) {
      const operationId = c.get('operationId') as string | undefined
      const statuses = operationId === undefined ? undefined : documented.get(operationId)
      return statuses?.has(error.status) ? errorResponse(c, error) : undefined
    }
    const answer = answerDependencyFailure(error, c)
    // A failing database is still worth a log line, though the client gets the documented 5xx.
    if (answer) logUnexpected(error, c)
    return answer
  }
}
