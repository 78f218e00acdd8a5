import type { Sql } from '@apiplatform/server-kit'
import { chargeEach } from '../billing/credits.js'

/** A finished page to charge: its reference, the tokens its extraction spent, and its price. */
export interface PageCharge {
  url: string
  tokens: number
  price: number
}

/**
 * Charges pages in order, each at its own price (a batch's appended pages may have other formats
 * than its first ones), as far as the team's credits go; returns how many were paid. Runs of one
 * price are charged together, as `chargeEach` does for a whole commit of one price.
 */
export async function chargePages(
  tx: Sql,
  teamId: string,
  reason: string,
  pages: readonly PageCharge[],
): Promise<number> {
  let paid = 0
  while (paid < pages.length) {
    const price = (pages[paid] as PageCharge).price
    let end = paid
    while (end < pages.length && (pages[end] as PageCharge).price === price) end++
    const run = pages.slice(paid, end)
    const n = await chargeEach(
      tx,
      teamId,
      price,
      reason,
      run.map((p) => p.url),
      run.map((p) => p.tokens),
    )
    paid += n
    if (n < run.length) break
  }
  return paid
}
