import { describe, expect, it } from 'vitest'
import { nextCheckDelay, statusAfterCheck, VERIFICATION_WINDOW_MS } from './domain-verification.js'

const START = 1_000_000
const END = START + VERIFICATION_WINDOW_MS
const options = { recheckMs: 60_000, backgroundChecks: 5 }

describe('the 24-hour domain verification window', () => {
  it('a miss is `verifying` until the window ends, then `failed`; all records found is `verified` at any time', () => {
    expect(statusAfterCheck(false, START, START + 60_000)).toBe('verifying')
    expect(statusAfterCheck(false, START, END - 1)).toBe('verifying')
    expect(statusAfterCheck(false, START, END)).toBe('failed')
    expect(statusAfterCheck(true, START, END + 1)).toBe('verified')
  })

  it('checks back off by doubling, then once more at the window end, never later', () => {
    const delays = [1, 2, 3, 4].map((attempt) => nextCheckDelay(attempt, START, START, options))
    expect(delays).toEqual([120_000, 240_000, 480_000, 960_000])
    expect(nextCheckDelay(5, START, START + 1_860_000, options)).toBe(VERIFICATION_WINDOW_MS - 1_860_000)
    expect(nextCheckDelay(2, START, END - 1000, options)).toBe(1000)
  })
})
