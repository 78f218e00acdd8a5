import type { Sql } from '@apiplatform/server-kit'
import { currentKeyId } from '../billing/context.js'

/**
 * Records tokens an extraction model spent as a ledger row without credits: the token usage
 * endpoints (`/v2/team/token-usage`, historical) sum the ledger's `tokens`.
 */
export async function recordTokens(
  sql: Sql,
  teamId: string,
  tokens: number,
  reason: string,
  reference: string,
): Promise<void> {
  if (tokens <= 0) return
  await sql.query(
    'INSERT INTO credit_ledger (team_id, delta, reason, reference, key_id, tokens) VALUES ($1, 0, $2, $3, $4, $5)',
    [teamId, reason, reference, currentKeyId(), tokens],
  )
}
