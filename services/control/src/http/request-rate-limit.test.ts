import { describe, expect, it } from 'vitest'
import { RequestRateLimiter } from './request-rate-limit.js'

describe('RequestRateLimiter', () => {
  it('lets `limit` requests of a subject through per window, starting at its first request', () => {
    let now = 10_500
    const limiter = new RequestRateLimiter({ limit: 2, windowMs: 1000 }, () => now)
    expect(limiter.take('ws_a')).toEqual({ allowed: true })
    now += 900
    expect(limiter.take('ws_a')).toEqual({ allowed: true })
    // 10_500 + 1000 is the end of ws_a's window, not a clock-aligned 11_000.
    expect(limiter.take('ws_a')).toEqual({ allowed: false, retryAfterMs: 100 })
    expect(limiter.take('ws_b')).toEqual({ allowed: true })
    now += 100
    expect(limiter.take('ws_a')).toEqual({ allowed: true })
  })

  it('forgets ended windows once it tracks too many subjects', () => {
    let now = 0
    const limiter = new RequestRateLimiter({ limit: 1, windowMs: 10 }, () => now, 2)
    limiter.take('a')
    limiter.take('b')
    now = 20
    limiter.take('c')
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1)
  })
})
