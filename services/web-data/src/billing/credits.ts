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

/**
 * Charges `amount` for each of `references` in order, in as few statements as possible: all of
 * them when the balance allows, else as many as it covers. One ledger row per reference, as
 * `charge` would write, with the extraction tokens of that item (`tokens[i]`, default 0) as the
 * scrape's own charge row has them. Returns how many were paid (a prefix of `references`).
 */
export async function chargeEach(
  sql: Sql,
  teamId: string,
  amount: number,
  reason: string,
  references: readonly string[],
  tokens: readonly number[] = [],
): Promise<number> {
  if (amount <= 0 || references.length === 0) return references.length
  let paid = references.length
  const all = await sql.query(
    'UPDATE teams SET credits_remaining = credits_remaining - $2 WHERE id = $1 AND credits_remaining >= $2 RETURNING id',
    [teamId, amount * paid],
  )
  if (all.length === 0) {
    const rows = await sql.query<{ credits_remaining: number | string }>(
      'SELECT credits_remaining FROM teams WHERE id = $1 FOR UPDATE',
      [teamId],
    )
    paid = Math.max(
      0,
      Math.min(references.length, Math.floor(Number(rows[0]?.credits_remaining ?? 0) / amount)),
    )
    if (paid === 0) return 0
    await sql.query('UPDATE teams SET credits_remaining = credits_remaining - $2 WHERE id = $1', [
      teamId,
      amount * paid,
    ])
  }
  await sql.query(
    `INSERT INTO credit_ledger (team_id, delta, reason, reference, key_id, tokens)
     SELECT $1, $2, $3, r, $5, k FROM unnest($4::text[], $6::bigint[]) WITH ORDINALITY AS t(r, k, n) ORDER BY n`,
    [
      teamId,
      -amount,
      reason,
      references.slice(0, paid),
      currentKeyId(),
      references.slice(0, paid).map((_, i) => tokens[i] ?? 0),
    ],
  )
  return paid
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
