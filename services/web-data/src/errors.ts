/**
 * The statuses an error may answer with (Hono's 4xx and 5xx), spelled out rather than imported
 * from Hono so that the code below the routes, which throws these errors, needs no http edge.
 */
const ERROR_STATUSES = [
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422,
  423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
] as const
export type ErrorStatus = (typeof ERROR_STATUSES)[number]

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
    readonly status: ErrorStatus,
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

/** The answer to a URL whose host is (or resolves to) a loopback, private or link-local address. */
export function urlNotAllowed(host: string): ApiError {
  return new ApiError(403, Errors.forbidden, {
    code: 'URL_NOT_ALLOWED',
    details: {
      reason: `${host} resolves to a loopback, private or link-local address; scraping those is disabled (WEB_DATA_ALLOW_PRIVATE_URLS).`,
    },
  })
}
