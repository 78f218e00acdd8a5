import type { components } from './generated/schema.js'

/** Error body of the web-data API (`success` may be absent on relayed agent errors). */
export type ErrorBody = components['schemas']['ErrorResponse']

/** Error statuses of the API's error catalog. */
export type WebDataErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 408
  | 409
  | 410
  | 413
  | 422
  | 429
  | 500
  | 502
  | 503
  | 504

/** What the spec's `x-retryable` says of this response. */
export type Retryability = 'yes' | 'no' | 'sometimes'

/**
 * A non-2xx answer of the web-data API: `{ success: false, error, details?, code? }`.
 * `retryable` follows the spec's `x-retryable` of the operation and status (authoritative).
 *
 * ```ts
 * catch (e) { if (e instanceof WebDataApiError && e.is(402)) … }
 * ```
 */
export class WebDataApiError extends Error {
  override name = 'WebDataApiError'
  readonly status: number
  /** The `error` message: identifies the case (`Agent already finished`, …). */
  readonly error: string
  /** Structured per-field validation errors, when given. */
  readonly details: unknown
  /** Machine-readable code, when the endpoint sends one (e.g. `SCRAPE_PROMPT_INJECTION_DETECTED`). */
  readonly code: string | undefined
  /** True when the spec marks the response retryable (`x-retryable: yes`). */
  readonly retryable: boolean
  readonly retryability: Retryability
  /** Parsed body as received (text when it was not JSON). */
  readonly body: unknown
  readonly headers: { get(name: string): string | null }

  constructor(status: number, body: unknown, headers: { get(name: string): string | null }, flag: number) {
    const b = (body && typeof body === 'object' ? body : {}) as {
      error?: string
      details?: unknown
      code?: unknown
    }
    const error =
      typeof b.error === 'string' ? b.error : typeof body === 'string' && body ? body : `HTTP ${status}`
    super(`${status} ${error}`)
    this.status = status
    this.error = error
    this.details = b.details
    this.code = b.code == null ? undefined : String(b.code)
    this.retryability = flag === 1 ? 'yes' : flag === 2 ? 'sometimes' : 'no'
    this.retryable = flag === 1
    this.body = body
    this.headers = headers
  }

  /** Narrows on the status: `if (err.is(429)) …`. */
  is<S extends WebDataErrorStatus | (number & {})>(status: S): this is WebDataApiError & { status: S } {
    return this.status === status
  }
}

/** No HTTP response arrived (DNS, connection refused or reset…). `cause` holds the original. */
export class WebDataNetworkError extends Error {
  override name = 'WebDataNetworkError'
}

/** A call's or a wait's `timeoutMs` elapsed. */
export class WebDataTimeoutError extends Error {
  override name = 'WebDataTimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`Timed out after ${timeoutMs} ms`)
  }
}
