import { type DatabaseFailure, dependencyFailureAnswer } from '@apiplatform/server-kit'
import type { OperationId } from '@apiplatform/web-data-routes'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { Errors } from '../errors.js'
import { statusesOf } from './documented.js'

const MESSAGES: Record<DatabaseFailure, string> = {
  unavailable: Errors.serviceUnavailable,
  timeout: Errors.gatewayTimeout,
  'invalid-response': Errors.badGateway,
}

/**
 * The answer to an unexpected error that is really a failure of the database: the status server-kit
 * picks (503/504/502, when the operation documents it) with the catalog's message. Anything else
 * stays a 500 (a bug of ours).
 */
export function dependencyFailure(
  operation: OperationId | undefined,
  error: unknown,
): { status: ContentfulStatusCode; error: string; headers: Record<string, string> } | undefined {
  const answer = dependencyFailureAnswer(error, statusesOf(operation))
  if (!answer) return undefined
  const headers: Record<string, string> =
    answer.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(answer.retryAfterSeconds) }
  return { status: answer.status, error: MESSAGES[answer.failure], headers }
}
