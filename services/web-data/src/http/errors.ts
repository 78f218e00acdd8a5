import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The exact `error` strings of the error catalog. Clients match on them. */
export const Errors = {
  badRequest: 'Bad Request',
  invalidUrl: 'Invalid URL',
  unauthorized: 'Unauthorized: Invalid token',
  paymentRequired: 'Payment Required: Insufficient credits',
  forbidden: 'Forbidden',
  promptInjection: 'SCRAPE_PROMPT_INJECTION_DETECTED',
  notFound: 'Not Found',
  requestTimeout: 'Request Timeout',
  conflict: 'Conflict',
  payloadTooLarge: 'Payload Too Large',
  unprocessable: 'Unprocessable Entity',
  internal: 'Internal Server Error',
  badGateway: 'Bad Gateway',
  serviceUnavailable: 'Service Unavailable',
  rateLimited: 'Rate limit exceeded',
  concurrencyLimited: 'Concurrency limit reached',
  gatewayTimeout: 'Gateway Timeout',
  invalidJobId: 'Invalid job ID format. Job ID must be a valid UUID.',
  invalidSnapshotId: 'Invalid snapshot ID',
  invalidSessionId: 'Invalid session ID',
  agentNotFound: 'Agent job not found',
  snapshotNotFound: 'Snapshot not found',
  agentAlreadyFinished: 'Agent already finished',
  agentAlreadyCancelled: 'Agent is already cancelled',
} as const

/** Body of every error response: `{success: false, error, details?, code?}`. */
export interface ErrorBody {
  success: false
  error: string
  details?: unknown
  code?: string
}

/** An error that becomes an HTTP response in the API's error format when thrown from a handler. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    readonly extra: { details?: unknown; code?: string } = {},
  ) {
    super(error)
    this.name = 'ApiError'
  }

  body(): ErrorBody {
    return { success: false, error: this.error, ...this.extra }
  }
}
