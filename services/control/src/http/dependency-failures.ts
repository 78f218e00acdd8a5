/**
 * Real failures of the database, answered with the status the operation documents for them:
 * unreachable → 503 (with `Retry-After`), a statement that gave up → 504, an answer the service
 * cannot use → 502 (server-kit's `dependencyFailureAnswer` decides, by SQLSTATE). An
 * operation that documents none of them keeps the routes package's 500, as does every other
 * exception: those are bugs of ours.
 */
import { problem, spec } from '@apiplatform/control-routes'
import { type DatabaseFailure, dependencyFailureAnswer, documentedStatuses } from '@apiplatform/server-kit'
import type { Context } from 'hono'

const PROBLEMS: Record<DatabaseFailure, { title: string; type: string }> = {
  unavailable: { title: 'Service Unavailable', type: 'application/service_unavailable' },
  timeout: { title: 'Gateway Timeout', type: 'application/dependency_timeout' },
  'invalid-response': { title: 'Bad Gateway', type: 'application/dependency_invalid_response' },
}

/** The detail of each answer; the analytics operations name their store, as the spec's example does. */
function detailOf(failure: DatabaseFailure, operationId: string): string {
  const what = operationId.startsWith('analytics.') ? 'The analytics store' : 'The database'
  if (failure === 'unavailable') return `${what} is temporarily unavailable. Retry in a few seconds.`
  if (failure === 'timeout') return `${what} did not answer in time. Retry later.`
  return `${what} answered with something the service cannot use. Retry later.`
}

/**
 * The routes package's `mapError` for database failures: the documented 503/504/502 in
 * problem+json, or undefined to keep its 500.
 */
export function dependencyFailureResponse(): (error: unknown, c: Context) => Response | undefined {
  const documented = documentedStatuses(spec)
  return (error, c) => {
    const operationId = c.get('operationId') as string | undefined
    if (!operationId) return undefined
    const answer = dependencyFailureAnswer(error, documented.get(operationId))
    if (!answer) return undefined
    const { title, type } = PROBLEMS[answer.failure]
    const body = problem(
      c.get('requestId') as string,
      answer.status,
      type,
      detailOf(answer.failure, operationId),
      {
        title,
      },
    )
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (answer.retryAfterSeconds !== undefined) headers['retry-after'] = String(answer.retryAfterSeconds)
    return new Response(JSON.stringify(body), { status: answer.status, headers })
  }
}
