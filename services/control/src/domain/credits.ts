/**
 * Credit refills. A refill sets the remaining credits back to `amount` (it does not add):
 * `daily` at every UTC midnight, `monthly` at UTC midnight of `refillDay` (default 1; in a
 * shorter month, its last day). Refills are applied lazily, when a key is next read or verified:
 * a key whose last refill is older than the latest refill time is refilled first.
 */
export interface Refill {
  interval: 'daily' | 'monthly'
  amount: number
  refillDay?: number | null
}

const DAY = 86_400_000

/** The most recent refill time at or before `now` (epoch ms, UTC). */
export function lastRefillTime(refill: Refill, now: number): number {
  const today = Math.floor(now / DAY) * DAY
  if (refill.interval === 'daily') return today
  const day = refill.refillDay ?? 1
  const d = new Date(now)
  const at = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
    return Date.UTC(year, month, Math.min(day, last))
  }
  const thisMonth = at(d.getUTCFullYear(), d.getUTCMonth())
  return thisMonth <= now ? thisMonth : at(d.getUTCFullYear(), d.getUTCMonth() - 1)
}
