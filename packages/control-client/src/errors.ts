import type { components } from './generated/schema.js'

/** One validation problem of a 400 response. */
export type ValidationError = components['schemas']['ValidationError']
/** RFC 7807 problem details of an error response (`errors` only on 400). */
export type Problem = components['schemas']['BaseError'] & {
  errors?: ValidationError[]
}

/** Statuses the control API documents for its errors. */
export type ControlErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 422 | 429 | 500 | 503

/** The extra fields TypeScript knows once the status is narrowed with {@link ControlApiError.is}. */
export type ControlErrorFor<S extends number> = ControlApiError & {
  status: S
  errors: S extends 400 ? ValidationError[] : undefined
}

/**
 * A non-2xx answer of the control API. Fields come from the RFC 7807 body (`{meta, error}`);
 * `retryable` says whether the retry policy treats the status as transient (429 and 5xx).
 *
 * ```ts
 * catch (e) { if (e instanceof ControlApiError && e.is(412)) … }
 * ```
 */
export class ControlApiError extends Error {
  override name = 'ControlApiError'
  /** HTTP status of the response. */
  readonly status: number
  /** Problem type URI. */
  readonly type: string
  readonly title: string
  readonly detail: string
  /** Validation problems (400 only). */
  readonly errors: ValidationError[] | undefined
  /** `meta.requestId` of the response, for support requests. */
  readonly requestId: string | undefined
  /** Whether the retry policy considers this status transient. */
  readonly retryable: boolean
  /** The parsed response body as received (text when it was not JSON). */
  readonly body: unknown
  /** Response headers. */
  readonly headers: { get(name: string): string | null }

  constructor(
    status: number,
    body: unknown,
    headers: { get(name: string): string | null },
    retryable: boolean,
  ) {
    const env = (body && typeof body === 'object' ? body : {}) as {
      meta?: { requestId?: string }
      error?: Partial<Problem>
    }
    const p = env.error ?? {}
    super(`${status} ${p.title ?? 'HTTP error'}${p.detail ? `: ${p.detail}` : ''}`)
    this.status = status
    this.type = p.type ?? 'about:blank'
    this.title = p.title ?? ''
    this.detail = p.detail ?? (typeof body === 'string' ? body : '')
    this.errors = p.errors
    this.requestId = env.meta?.requestId || headers.get('x-request-id') || undefined
    this.retryable = retryable
    this.body = body
    this.headers = headers
  }

  /** Narrows on the status: `if (err.is(400)) err.errors // ValidationError[]`. */
  is<S extends ControlErrorStatus | (number & {})>(status: S): this is ControlErrorFor<S> {
    return this.status === status
  }
}

/** No HTTP response arrived (DNS, connection refused or reset, TLS…). `cause` holds the original. */
export class ControlNetworkError extends Error {
  override name = 'ControlNetworkError'
}

/** The call's `timeoutMs` elapsed (retries and waits included). */
export class ControlTimeoutError extends Error {
  override name = 'ControlTimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`)
  }
}
