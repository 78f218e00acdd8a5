import type { Sql } from '@apiplatform/server-kit'
import { ApiError, Errors } from '../errors.js'

/** The billing period containing `now`: the calendar month in UTC. */
export function billingPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end }
}

/**
 * Credits granted to the team (its plan), its balance, and tokens of the plan and used this
 * period. Undefined when the team's billing is not configured (it was never granted credits):
 * there is no plan to report on.
 */
export async function usageTotals(sql: Sql, teamId: string) {
  const { start } = billingPeriod()
  const rows = await sql.query<{
    credits_remaining: string | number
    plan_tokens: string | number
    granted: string | number | null
    tokens_used: string | number | null
  }>(
    `SELECT t.credits_remaining, t.plan_tokens,
            (SELECT sum(delta) FROM credit_ledger WHERE team_id = t.id AND reason = 'grant') AS granted,
            (SELECT sum(tokens) FROM credit_ledger WHERE team_id = t.id AND created_at >= $2) AS tokens_used
     FROM teams t WHERE t.id = $1`,
    [teamId, start],
  )
  const row = rows[0]
  if (!row || row.granted === null) return undefined
  return {
    remainingCredits: Number(row.credits_remaining),
    planCredits: Number(row.granted ?? 0),
    planTokens: Number(row.plan_tokens),
    remainingTokens: Math.max(0, Number(row.plan_tokens) - Number(row.tokens_used ?? 0)),
  }
}

export interface UsagePeriod {
  startDate: string
  endDate: string
  apiKey: string | null
  total: number
}

/**
 * Usage per billing month from the ledger: credits spent (charges minus refunds; grants are not
 * usage) or tokens, optionally per API key (the key's id; work of the job worker has none).
 */
export async function historicalUsage(
  sql: Sql,
  teamId: string,
  measure: 'credits' | 'tokens',
  byApiKey: boolean,
): Promise<UsagePeriod[]> {
  const amount = measure === 'credits' ? `-delta` : `tokens`
  const rows = await sql.query<{ month: string; key_id: string | null; total: string | number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, ${byApiKey ? 'key_id' : 'NULL::text AS key_id'},
            COALESCE(sum(${amount}), 0) AS total
     FROM credit_ledger
     WHERE team_id = $1 AND reason <> 'grant'
     GROUP BY 1, 2 ORDER BY 1 DESC, 2 NULLS LAST`,
    [teamId],
  )
  return rows.map((r) => {
    const [year, month] = r.month.split('-').map(Number) as [number, number]
    const start = new Date(Date.UTC(year, month - 1, 1))
    const end = new Date(Date.UTC(year, month, 1))
    return {
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      apiKey: r.key_id,
      total: Math.max(0, Number(r.total)),
    }
  })
}

/**
 * The team's totals and the current billing month (ISO strings) of the usage operations; 404
 * `BILLING_NOT_CONFIGURED` for a team without billing, which has no usage to report.
 */
export async function billedUsage(sql: Sql, teamId: string) {
  const totals = await usageTotals(sql, teamId)
  if (!totals) throw new ApiError(404, Errors.notFound, { code: 'BILLING_NOT_CONFIGURED' })
  const { start, end } = billingPeriod()
  return { totals, period: { billingPeriodStart: start.toISOString(), billingPeriodEnd: end.toISOString() } }
}
