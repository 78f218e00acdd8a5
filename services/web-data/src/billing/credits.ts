import type { Sql } from '@apiplatform/server-kit'

/** Credits of each billable action. Small integers, so budgets in tests stay readable. */
export const Prices = {
  /** One page fetched by POST /v2/scrape. */
  scrape: 1,
  /** Extra for a `json` format (schema extraction). */
  jsonExtraction: 4,
  /** One tool call of an agent run. */
  agentToolCall: 5,
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
  await sql.query('INSERT INTO credit_ledger (team_id, delta, reason, reference) VALUES ($1, $2, $3, $4)', [
    teamId,
    -amount,
    reason,
    reference ?? null,
  ])
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
  await sql.query('INSERT INTO credit_ledger (team_id, delta, reason, reference) VALUES ($1, $2, $3, $4)', [
    teamId,
    amount,
    reason,
    reference ?? null,
  ])
}
