/**
 * Transport, timeouts and retries shared by every call. Kept API-agnostic: the API-specific
 * parts (error class, retry table) come in through {@link Config}.
 */

/** Retry policy (seed 001, section 7): 2^attempt s capped at 30 s, plus jitter, at most 5 attempts. */
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
  /** Deadline of the whole call, retries and waits included. */
  timeoutMs?: number
  /** `false` disables retries for this call. */
  retry?: RetryOptions | false
  /** Extra request headers. */
  headers?: Record<string, string>
}

/** What a transport is asked to send. */
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
  /** status → 0 no, 1 yes, 2 sometimes */
  retryable: (status: number) => number
  fail: (status: number, body: unknown, headers: TransportResponse['headers'], retryable: number) => Error
  network: (message: string, cause: unknown) => Error
  timeout: (ms: number) => Error
}

/** @internal Successful response: parsed JSON body (undefined when empty). */
export async function send(
  cfg: Config,
  method: string,
  url: string,
  body: string | FormData | undefined,
  o: CallOptions | undefined,
): Promise<unknown> {
  const r = o?.retry === undefined ? cfg.retry : o.retry && { ...cfg.retry, ...o.retry }
  const max = r === false ? 1 : (r?.maxAttempts ?? 5)
  const timeoutMs = o?.timeoutMs ?? cfg.timeoutMs
  const userSignal = o?.signal
  userSignal?.throwIfAborted()
  let headers = o?.headers ? { ...cfg.headers, ...o.headers } : cfg.headers
  if (body !== undefined && typeof body !== 'string') {
    // FormData: fetch sets the multipart content type with its boundary.
    const { 'content-type': _, ...rest } = headers
    headers = rest
  }
  let signal = userSignal
  let timer: ReturnType<typeof setTimeout> | undefined
  let timedOut = false
  let relay: (() => void) | undefined
  if (timeoutMs !== undefined) {
    const ac = new AbortController()
    signal = ac.signal
    timer = setTimeout(() => {
      timedOut = true
      ac.abort()
    }, timeoutMs)
    relay = () => ac.abort(userSignal?.reason)
    userSignal?.addEventListener('abort', relay, { once: true })
  }
  const stop = () => (timedOut ? cfg.timeout(timeoutMs as number) : userSignal?.reason)
  try {
    for (let attempt = 0; ; attempt++) {
      let error: Error
      let retryAfter = 0
      signal?.throwIfAborted()
      try {
        const res = await cfg.transport({ method, url, headers, body, signal })
        const text = await res.text()
        let parsed: unknown = text
        if (text) {
          try {
            parsed = JSON.parse(text)
          } catch {}
        } else parsed = undefined
        if (res.status < 300) return parsed
        const flag = cfg.retryable(res.status)
        error = cfg.fail(res.status, parsed, res.headers, flag)
        if (!(flag === 1 || (flag === 2 && r && r.retrySometimes))) throw error
        retryAfter = parseRetryAfter(res.headers.get('retry-after'))
      } catch (e) {
        if (signal?.aborted) throw stop()
        if (e instanceof Error && 'status' in e) throw e
        error = cfg.network(e instanceof Error ? e.message : String(e), e)
        if (r && r.retryNetworkErrors === false) throw error
      }
      if (attempt + 1 >= max || !r) throw error
      const delayMs = Math.max(
        Math.min((r.baseDelayMs ?? 1000) * 2 ** attempt, r.maxDelayMs ?? 30_000) +
          Math.random() * (r.jitterMs ?? 1000),
        retryAfter,
      )
      r.onRetry?.({ attempt: attempt + 1, delayMs, error })
      await sleep(delayMs, signal).catch(() => {
        throw stop()
      })
    }
  } finally {
    clearTimeout(timer)
    if (relay) userSignal?.removeEventListener('abort', relay)
  }
}

/** Retry-After in seconds or as an HTTP date → milliseconds (0 when absent or invalid). */
export function parseRetryAfter(v: string | null): number {
  if (!v) return 0
  const s = Number(v)
  const ms = Number.isNaN(s) ? Date.parse(v) - Date.now() : s * 1000
  return Number.isFinite(ms) ? Math.max(ms, 0) : 0
}

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
