import type { Sql } from '@apiplatform/server-kit'
import { currentKeyId } from './context.js'

/** Credits of each billable action. Small integers, so budgets in tests stay readable. */
export const Prices = {
  /** One page fetched by POST /v2/scrape. */
  scrape: 1,
  /** Extra for a `json` format (schema extraction). */
  jsonExtraction: 4,
  /** One tool call of an agent run. */
  agentToolCall: 5,
  /** Every started block of 10 results of POST /v2/search (scraped results cost a scrape on top). */
  searchPer10Results: 2,
  /** One page fetched by a monitor check. */
  monitorPage: 1,
  /** One parsed document (non-PDF), or one page of a PDF, by POST /v2/parse. */
  parsePage: 1,
} as const

/** The team's remaining credits. */
export async function balance(sql: Sql, teamId: string): Promise<number> {
  const rows = await sql.query<{ credits_remaining: number | string }>(
    'SELECT credits_remaining FROM teams WHERE id = $1',
    [teamId],
  )
  return Number(rows[0]?.credits_remaining ?? 0)
}

/**
 * Takes `amount` credits from the team and records why, atomically. Returns false (and changes
 * nothing) when the balance is too low: the balance never goes negative.
 */
export async function charge(
  sql: Sql,
  teamId: string,
  amount: number,
  reason: string,
  reference?: string,
): Promise<boolean> {
  if (amount <= 0) return true
  const rows = await sql.query(
    'UPDATE teams SET credits_remaining = credits_remaining - $2 WHERE id = $1 AND credits_remaining >= $2 RETURNING id',
    [teamId, amount],
  )
  if (rows.length === 0) return false
  await sql.query(
    'INSERT INTO credit_ledger (team_id, delta, reason, reference, key_id) VALUES ($1, $2, $3, $4, $5)',
    [teamId, -amount, reason, reference ?? null, currentKeyId()],
  )
  return true
}

/** One item `chargeEach` charges: its ledger reference, its price and its extraction tokens. */
export interface ItemCharge {
  reference: string
  amount: number
  tokens?: number
}

/**
 * Charges each item its `amount`, in order, in as few statements as possible: all of them when
 * the balance allows, else the longest prefix it covers (items of a batch may differ in price).
 * One ledger row per item, as `charge` would write, with the item's extraction tokens as the
 * scrape's own charge row has them. Returns how many were paid.
 */
export async function chargeEach(
  sql: Sql,
  teamId: string,
  reason: string,
  items: readonly ItemCharge[],
): Promise<number> {
  const total = items.reduce((sum, item) => sum + item.amount, 0)
  if (total <= 0) return items.length
  let paid = items.length
  const all = await sql.query(
    'UPDATE teams SET credits_remaining = credits_remaining - $2 WHERE id = $1 AND credits_remaining >= $2 RETURNING id',
    [teamId, total],
  )
  if (all.length === 0) {
    const rows = await sql.query<{ credits_remaining: number | string }>(
      'SELECT credits_remaining FROM teams WHERE id = $1 FOR UPDATE',
      [teamId],
    )
    paid = affordable(items, Number(rows[0]?.credits_remaining ?? 0))
    if (paid === 0) return 0
    await sql.query('UPDATE teams SET credits_remaining = credits_remaining - $2 WHERE id = $1', [
      teamId,
      items.slice(0, paid).reduce((sum, item) => sum + item.amount, 0),
    ])
  }
  const charged = items.slice(0, paid)
  await sql.query(
    `INSERT INTO credit_ledger (team_id, delta, reason, reference, key_id, tokens)
     SELECT $1, -a, $2, r, $4, k FROM unnest($3::text[], $5::bigint[], $6::bigint[]) WITH ORDINALITY AS t(r, k, a, n) ORDER BY n`,
    [
      teamId,
      reason,
      charged.map((item) => item.reference),
      currentKeyId(),
      charged.map((item) => item.tokens ?? 0),
      charged.map((item) => item.amount),
    ],
  )
  return paid
}

/** How many items, from the first, `balance` pays for. */
function affordable(items: readonly ItemCharge[], balance: number): number {
  let left = balance
  for (let i = 0; i < items.length; i++) {
    left -= (items[i] as ItemCharge).amount
    if (left < 0) return i
  }
  return items.length
}

/** Gives credits back (a refund or a top-up). */
export async function credit(
  sql: Sql,
  teamId: string,
  amount: number,
  reason: string,
  reference?: string,
): Promise<void> {
  if (amount <= 0) return
  await sql.query('UPDATE teams SET credits_remaining = credits_remaining + $2 WHERE id = $1', [
    teamId,
    amount,
  ])
  await sql.query(
    'INSERT INTO credit_ledger (team_id, delta, reason, reference, key_id) VALUES ($1, $2, $3, $4, $5)',
    [teamId, amount, reason, reference ?? null, currentKeyId()],
  )
}
