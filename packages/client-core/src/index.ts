/**
 * Transport, timeouts, retries and hooks shared by every call. Kept API-agnostic: the API-specific
 * parts (error class, retry table) come in through {@link Config}.
 */

import { withIdempotencyKey } from './idempotency.js'

export { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, withIdempotencyKey } from './idempotency.js'

/**
 * Retry policy, on by default: a wait of 2^attempt s capped at 30 s, plus a random fraction of a
 * second, at most 5 attempts; `Retry-After` is a minimum wait.
 */
export interface RetryOptions {
  /** Attempts in total, the first included. Default 5; 1 disables retries. */
  maxAttempts?: number
  /** Unit of the exponential backoff: wait `base * 2^attempt`. Default 1000 ms. */
  baseDelayMs?: number
  /** Cap of the exponential part. Default 30 000 ms. */
  maxDelayMs?: number
  /** Upper bound of the random fraction added to every wait. Default 1000 ms. */
  jitterMs?: number
  /** Also retry responses the spec marks `x-retryable: sometimes` (422). Default false. */
  retrySometimes?: boolean
  /** Retry when no response arrived (connection refused, reset). Default true. */
  retryNetworkErrors?: boolean
  /** Called before each wait; useful for logging. */
  onRetry?: (info: { attempt: number; delayMs: number; error: Error }) => void
}

/** Options accepted by every call; they override the client's. */
export interface CallOptions {
  /** Cancels the call, including retry waits. The promise rejects with `signal.reason`. */
  signal?: AbortSignal
  /** Deadline of the whole call, retries and waits included; `0` or `Infinity`: none. */
  timeoutMs?: number
  /** `false` disables retries for this call. */
  retry?: RetryOptions | false
  /** Extra request headers. */
  headers?: Record<string, string>
  /**
   * `Idempotency-Key` of a write call (default: a new random key per call, the same on each of
   * its retries). Pass your own to make a call you repeat later, e.g. after a restart, count once.
   */
  idempotencyKey?: string
}

/** What a transport is asked to send. Hooks may change `headers` before it is sent. */
export interface TransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string | FormData | undefined
  signal?: AbortSignal | undefined
}

/** The part of a response the client reads. A `fetch` Response satisfies it. */
export interface TransportResponse {
  status: number
  headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** Sends one HTTP request. The default wraps `fetch`; `@…/node` offers an undici one. */
export type Transport = (req: TransportRequest) => Promise<TransportResponse>

/**
 * Observers of every attempt, for logging, tracing headers or metrics. Each may be async (the
 * call waits for it); a hook that throws fails the call with its error.
 */
export interface Hooks {
  /** Before each attempt is sent; may add or change `request.headers`. `attempt` starts at 1. */
  onRequest?: (ctx: { request: TransportRequest; attempt: number }) => unknown
  /** After each attempt's response arrived (any status), body read. */
  onResponse?: (ctx: { request: TransportRequest; response: TransportResponse; attempt: number }) => unknown
  /** After each failed attempt (error status, no response, timeout, abort); `willRetry` tells what comes next. */
  onError?: (ctx: { request: TransportRequest; error: Error; attempt: number; willRetry: boolean }) => unknown
}

/** The response of a successful call, beside its data (`withResponse`). */
export interface ResponseInfo {
  status: number
  headers: { get(name: string): string | null }
  /** The request id the service gave this call (`X-Request-Id`), for support requests. */
  requestId: string | undefined
}

/** Wraps any standard `fetch` as a {@link Transport}. */
export const fetchTransport =
  (f: typeof fetch): Transport =>
  (r) =>
    f(r.url, r)

/** @internal */
export interface Config {
  transport: Transport
  headers: Record<string, string>
  timeoutMs: number | undefined
  retry: RetryOptions | false | undefined
  hooks: Hooks[]
  /** status → 0 not retryable, 1 retryable, 2 retryable with `retrySometimes`; a status not listed: 0 */
  retryable: Record<number, number>
  fail: (status: number, body: unknown, headers: TransportResponse['headers'], retryable: number) => Error
  network: (message: string, cause: unknown) => Error
  timeout: (ms: number) => Error
}

/** The options of every client besides its credential, base URL, retry policy and deadline. */
export interface ClientOptions {
  /** A standard `fetch` (default `globalThis.fetch`), e.g. one that validates every response. */
  fetch?: typeof fetch
  /** Lower-level sender; takes precedence over `fetch` for facade calls (see `/node`). */
  transport?: Transport
  /** Headers added to every request. */
  headers?: Record<string, string>
  /** Called around every attempt (logging, tracing headers, metrics). */
  hooks?: Hooks | Hooks[]
}

/** @internal What sets a client apart: its name, credential, base URL, defaults and errors. */
export interface ClientKind extends Pick<Config, 'retryable' | 'fail' | 'network' | 'timeout'> {
  /** Sent as `x-client-name`, with `version` as `x-client-version`. */
  name: string
  version: string
  /** The option holding the credential, and the environment variable read when it is not given. */
  key: string
  keyEnv: string
  /** The environment variable of the base URL, and the default when it is not set either. */
  baseUrlEnv: string
  baseUrl: string
  /** Default deadline of a call, ms. */
  timeoutMs: number
}

/**
 * @internal What a client derives from its options alike in both APIs: the config of its calls,
 * and the options of its raw openapi-fetch client (no content type: it picks one per body), whose
 * base URL is the client's, without trailing slashes.
 */
export type ClientSetup = [
  config: Config,
  raw: { baseUrl: string; fetch: typeof fetch; headers: Record<string, string> },
]

/**
 * @internal The credential (the option, else its environment variable; an error naming both when
 * neither is there), the base URL and the headers: JSON, the client's name and version, the
 * caller's, the credential last.
 */
export function clientSetup(
  options: ClientOptions & {
    baseUrl?: string | undefined
    timeoutMs?: number | undefined
    retry?: RetryOptions | false | undefined
  },
  kind: ClientKind,
): ClientSetup {
  // Any string given counts, even empty: a test may send none.
  const key = (options as Record<string, string | undefined>)[kind.key] ?? env(kind.keyEnv)
  if (key === undefined)
    throw new TypeError(`Missing credentials: pass { ${kind.key} } or set ${kind.keyEnv} in the environment.`)
  const baseUrl = (options.baseUrl ?? env(kind.baseUrlEnv) ?? kind.baseUrl).replace(/\/+$/, '')
  // Looked up per call, so that a fetch stubbed after the client was made still applies.
  const f = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-client-name': kind.name,
    'x-client-version': kind.version,
    ...options.headers,
    authorization: `Bearer ${key}`,
  }
  const { 'content-type': _json, ...rawHeaders } = headers
  // The kind brings the API's retry table and errors (its other fields ride along unread).
  const config: Config = {
    ...kind,
    transport: options.transport ?? fetchTransport(f),
    headers,
    timeoutMs: options.timeoutMs ?? kind.timeoutMs,
    retry: options.retry,
    hooks: hookList(options.hooks),
  }
  return [config, { baseUrl, fetch: f, headers: rawHeaders }]
}

/** @internal A successful response: parsed JSON body (undefined when empty). */
export interface Reply {
  body: unknown
  status: number
  headers: TransportResponse['headers']
}

/**
 * The values of {@link Config.retryable}: what the spec's `x-retryable` says of a status. The
 * generated tables hold the numbers (compact in the bundle; the build inlines these members);
 * a status not listed is not retryable.
 */
enum Retryable {
  No = 0,
  Yes = 1,
  /** Retried only with `retrySometimes` (e.g. a 422 the service may accept later). */
  Sometimes = 2,
}

/** @internal */
export async function send(
  cfg: Config,
  method: string,
  url: string,
  body: string | FormData | undefined,
  options: CallOptions | undefined,
  /** A call that changes something: it carries one `Idempotency-Key` on every attempt. */
  write = false,
): Promise<Reply> {
  // Retries are on unless turned off: `undefined` is the default policy; `false`: one attempt.
  const policy =
    options?.retry === undefined ? (cfg.retry ?? {}) : options.retry && { ...cfg.retry, ...options.retry }
  const maxAttempts = policy ? (policy.maxAttempts ?? 5) : 1
  const requestedTimeoutMs = options?.timeoutMs ?? cfg.timeoutMs
  // `0`, `Infinity` (or unset): no deadline.
  const timeoutMs =
    requestedTimeoutMs && Number.isFinite(requestedTimeoutMs) && requestedTimeoutMs > 0
      ? requestedTimeoutMs
      : undefined
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs
  const callerSignal = options?.signal
  callerSignal?.throwIfAborted()
  let headers = options?.headers ? { ...cfg.headers, ...options.headers } : cfg.headers
  if (write) headers = withIdempotencyKey(headers, options?.idempotencyKey)
  if (body !== undefined && typeof body !== 'string') {
    // FormData: fetch sets the multipart content type with its boundary.
    const { 'content-type': _, ...rest } = headers
    headers = rest
  }
  // With a deadline, attempts and waits listen to a signal of ours that the caller's also aborts.
  let signal = callerSignal
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined
  let timedOut = false
  let forwardCallerAbort: (() => void) | undefined
  if (timeoutMs !== undefined) {
    const controller = new AbortController()
    signal = controller.signal
    deadlineTimer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    forwardCallerAbort = () => controller.abort(callerSignal?.reason)
    callerSignal?.addEventListener('abort', forwardCallerAbort, { once: true })
  }
  /** The error of a stopped call: the client's timeout error, else the caller's abort reason. */
  const stoppedError = () => (timedOut ? cfg.timeout(timeoutMs as number) : signal?.reason)
  const hooks = cfg.hooks
  try {
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw stoppedError()
      const request: TransportRequest = { method, url, headers: { ...headers }, body, signal }
      for (const hook of hooks) await hook.onRequest?.({ request, attempt })
      let error: Error
      // Narrowed below by what failed, then by the attempts and the time left.
      let willRetry = !!policy
      let retryAfterMs = 0
      let response: TransportResponse | undefined
      let responseBody: unknown
      try {
        response = await cfg.transport(request)
        const text = await response.text()
        responseBody = text || undefined
        if (text)
          try {
            responseBody = JSON.parse(text)
          } catch {}
      } catch (cause) {
        // No usable response (also when its body could not be read).
        response = undefined
        if (signal?.aborted) {
          error = stoppedError()
          willRetry = false
        } else {
          error = cfg.network(networkMessage(method, url, cause), cause)
          willRetry &&= (policy as RetryOptions).retryNetworkErrors !== false
        }
      }
      if (response) {
        for (const hook of hooks) await hook.onResponse?.({ request, response, attempt })
        if (response.status < 300)
          return { body: responseBody, status: response.status, headers: response.headers }
        const retryable = cfg.retryable[response.status] ?? Retryable.No
        error = cfg.fail(response.status, responseBody, response.headers, retryable)
        willRetry &&=
          retryable === Retryable.Yes ||
          (retryable === Retryable.Sometimes && !!(policy as RetryOptions).retrySometimes)
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
      }
      let delayMs = 0
      if (policy && willRetry && attempt < maxAttempts) {
        // Exponential backoff (capped) plus jitter; `Retry-After` is a minimum.
        delayMs = Math.max(
          Math.min((policy.baseDelayMs ?? 1000) * 2 ** (attempt - 1), policy.maxDelayMs ?? 30_000) +
            Math.random() * (policy.jitterMs ?? 1000),
          retryAfterMs,
        )
        // A wait that would outlast the deadline: the caller gets the answer now, not a timeout later.
        willRetry = Date.now() + delayMs < deadline
      } else willRetry = false
      // biome-ignore lint/style/noNonNullAssertion: every path above assigned it
      const failure = error!
      for (const hook of hooks) await hook.onError?.({ request, error: failure, attempt, willRetry })
      if (!policy || !willRetry) throw failure
      policy.onRetry?.({ attempt, delayMs, error: failure })
      await sleep(delayMs, signal).catch(() => {
        throw stoppedError()
      })
    }
  } finally {
    clearTimeout(deadlineTimer)
    if (forwardCallerAbort) callerSignal?.removeEventListener('abort', forwardCallerAbort)
  }
}

/** Retry-After in seconds or as an HTTP date → milliseconds (0 when absent or invalid). */
export function parseRetryAfter(v: string | null): number {
  if (!v) return 0
  const s = Number(v)
  const ms = Number.isNaN(s) ? Date.parse(v) - Date.now() : s * 1000
  return Number.isFinite(ms) ? Math.max(ms, 0) : 0
}

/** @internal An environment variable where there is an environment (Node, Deno, Bun). */
export const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name] || undefined

/** @internal Hooks option → list. */
export const hookList = (h: Hooks | Hooks[] | undefined): Hooks[] => (h ? ([] as Hooks[]).concat(h) : [])

/** @internal Abortable wait. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(t)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * What a failed request's error says: which request, to which host (a base URL taken from the
 * wrong variable is then plain to see), and the system's reason (`ECONNREFUSED`, `ENOTFOUND`, …),
 * which fetch keeps in the cause of its bare "fetch failed".
 */
function networkMessage(method: string, url: string, e: unknown): string {
  const reason = e instanceof Error ? e.message : String(e)
  const cause =
    e instanceof Error ? (e.cause as { code?: unknown; message?: unknown } | undefined) : undefined
  const detail = typeof cause?.code === 'string' ? cause.code : cause?.message
  return `${method} ${url} failed: ${reason}${typeof detail === 'string' && detail ? ` (${detail})` : ''}`
}
