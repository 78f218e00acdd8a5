import { Prices } from '../billing/credits.js'
import { searchPrice } from '../search/search.js'
import type { MonitorTarget } from './rows.js'

/** Pages a check of a target fetches (or, for search targets, reads from the index). */
export function targetPages(target: MonitorTarget): number {
  if (target.type === 'scrape') return target.urls.length
  if (target.type === 'crawl') return crawlLimit(target)
  return 0
}

export function crawlLimit(target: { crawlOptions?: Record<string, unknown> }): number {
  const limit = Number(target.crawlOptions?.limit ?? 10)
  return Number.isFinite(limit) && limit >= 1 ? Math.min(50, Math.floor(limit)) : 10
}

/** Upper bound of the credits of one check. */
export function estimateCheckCredits(targets: MonitorTarget[]): number {
  let credits = 0
  for (const target of targets) {
    if (target.type === 'search') credits += target.queries.length * searchPrice(target.maxResults ?? 10)
    else credits += targetPages(target) * Prices.monitorPage
  }
  return credits
}
