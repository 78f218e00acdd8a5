/**
 * The request rate limit of the API itself (429 `limits/rate_limited`): at most `limit` requests
 * per workspace in a window of `windowMs`, counted in this process's memory. A window starts at
 * the workspace's first request after the previous one ended, so a burst right at a clock
 * boundary cannot pass twice the limit.
 *
 * It runs on every authenticated request, so it costs one Map lookup and no database work. The
 * price of that: each instance counts on its own, so N instances sharing a database let a
 * workspace through N times the limit. The operations that `ratelimit.limit` protects for
 * customers need exact, shared counters; this one only keeps a runaway client from taking an
 * instance over, where per-instance is what matters.
 */
import { problem } from '@apiplatform/control-routes'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { ServiceEnv } from './env.js'

export interface RequestRateLimitSettings {
  /** Requests a workspace may send per window; 0 disables the limit. */
  limit: number
  windowMs: number
}

/** Far above what one instance serves (~15k req/s measured), so only a runaway client meets it. */
export const DEFAULT_REQUEST_RATE_LIMIT: RequestRateLimitSettings = { limit: 50_000, windowMs: 1000 }

interface Window {
  endsAt: number
  count: number
}

export class RequestRateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    readonly settings: RequestRateLimitSettings,
    private readonly clock: () => number = Date.now,
    private readonly maxTracked = 100_000,
  ) {}

  /** Counts one request of `subject`; the ms until its window ends when it is over the limit. */
  take(subject: string): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const now = this.clock()
    let window = this.windows.get(subject)
    if (!window || window.endsAt <= now) {
      if (!window && this.windows.size >= this.maxTracked) this.forgetEnded(now)
      window = { endsAt: now + this.settings.windowMs, count: 0 }
      this.windows.set(subject, window)
    }
    if (window.count >= this.settings.limit) return { allowed: false, retryAfterMs: window.endsAt - now }
    window.count++
    return { allowed: true }
  }

  /** Forgets every window (the test controls' reset: counts start over). */
  clear(): void {
    this.windows.clear()
  }

  private forgetEnded(now: number): void {
    for (const [subject, window] of this.windows) if (window.endsAt <= now) this.windows.delete(subject)
  }
}

/** The documented 429: `application/problem+json` with `Retry-After` in whole seconds. */
export function tooManyRequests(c: Context, retryAfterMs: number): Response {
  const body = problem(
    c.get('requestId') as string,
    429,
    'limits/rate_limited',
    'Too many requests for this workspace. Retry after the current window resets.',
  )
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: {
      'content-type': 'application/problem+json',
      'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    },
  })
}

/**
 * Wraps the auth middleware: once it has identified the caller, the request counts against the
 * caller's workspace. The one public operation that documents 429 (`portal.exchangeCode`, whose
 * credential is the code in its body) counts against the client address instead, which also
 * keeps one-time codes from being guessed at speed. Other public operations are not limited.
 */
export function limitRequestRate(
  limiter: RequestRateLimiter,
  auth: MiddlewareHandler<ServiceEnv>,
  options: { limitedPublicOperations?: ReadonlySet<string>; clientAddress?: (c: Context) => string } = {},
): MiddlewareHandler<ServiceEnv> {
  if (limiter.settings.limit <= 0) return auth
  const publicLimited = options.limitedPublicOperations ?? new Set(['portal.exchangeCode'])
  const clientAddress = options.clientAddress ?? ((c: Context) => getConnInfo(c).remote.address ?? 'unknown')
  return async (c, next) => {
    if (publicLimited.has(c.get('operationId'))) {
      const decision = limiter.take(`address:${clientAddress(c)}`)
      if (!decision.allowed) return tooManyRequests(c, decision.retryAfterMs)
    }
    return auth(c, async () => {
      const caller = c.get('caller') as ServiceEnv['Variables']['caller'] | undefined
      if (caller) {
        const decision = limiter.take(`workspace:${caller.workspaceId}`)
        if (!decision.allowed) {
          c.res = tooManyRequests(c, decision.retryAfterMs)
          return
        }
      }
      await next()
    })
  }
}
