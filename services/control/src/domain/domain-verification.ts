/**
 * When a domain's DNS checks stop: the real API keeps checking for 24 hours from `createdAt`, or
 * from the last `domains.verifyDomain`, and only then calls a domain without its records `failed`
 * (SDK users treat `failed` as final, so a miss inside the window must not be reported as one).
 */
import type { DomainStatus } from './custom-domain.js'

export const VERIFICATION_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * The status a finished check leaves: `verified` once every record is found; otherwise
 * `verifying` (checks go on) until the window has passed, then `failed`.
 */
export function statusAfterCheck(allVerified: boolean, windowStart: number, now: number): DomainStatus {
  if (allVerified) return 'verified'
  return now >= windowStart + VERIFICATION_WINDOW_MS ? 'failed' : 'verifying'
}

/**
 * The delay before the next check after a miss at `attempt` (1 = the first): the doubling
 * backoff for the first `backgroundChecks`, then one last check when the window ends. Never past
 * the window's end, so the `failed` decision is made by a check and not by the clock of a read.
 */
export function nextCheckDelay(
  attempt: number,
  windowStart: number,
  now: number,
  options: { recheckMs: number; backgroundChecks: number },
): number {
  const untilEnd = Math.max(0, windowStart + VERIFICATION_WINDOW_MS - now)
  if (attempt >= options.backgroundChecks) return untilEnd
  return Math.min(options.recheckMs * 2 ** attempt, untilEnd)
}
