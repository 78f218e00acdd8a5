import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { classifyDatabaseFailure, type DatabaseFailure } from '../db/failures.js'

/** Seconds a client is told to wait (`Retry-After`) while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_S = 5

const STATUS: Record<DatabaseFailure, 502 | 503 | 504> = {
  unavailable: 503,
  timeout: 504,
  'invalid-response': 502,
}

export interface DependencyFailureAnswer {
  failure: DatabaseFailure
  status: 502 | 503 | 504
  /** Set for 503 only. */
  retryAfterSeconds?: number
}

/**
 * How both services answer an unexpected error that is really a database failure: 503 when it
 * cannot be reached, 504 when it gave up on a statement, 502 when it answered nonsense — but only
 * when the operation documents that status; otherwise (and for every other error, a bug of ours)
 * undefined, and the caller keeps its 500. Each service writes the body in its own error format.
 */
export function dependencyFailureAnswer(
  error: unknown,
  documented: ReadonlySet<number> | undefined,
): DependencyFailureAnswer | undefined {
  const failure = classifyDatabaseFailure(error)
  if (!failure) return undefined
  const status = STATUS[failure]
  if (!documented?.has(status)) return undefined
  return status === 503
    ? { failure, status, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_S }
    : { failure, status }
}

/** The response statuses each operation of an OpenAPI document documents, by operationId. */
export function documentedStatuses(spec: { paths?: unknown }): Map<string, ReadonlySet<number>> {
  const out = new Map<string, ReadonlySet<number>>()
  for (const { operationId, operation } of walkOperations(spec as OpenApiDocument, {
    order: 'document',
    strict: false,
  })) {
    const { responses } = operation as { responses?: object }
    if (operationId && responses) out.set(operationId, new Set(Object.keys(responses).map(Number)))
  }
  return out
}
