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
