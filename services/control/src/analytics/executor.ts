/**
 * Runs a compiled analytics query inside the database's own fence: one transaction that
 *
 * 1. registers the caller's workspace for this transaction in `analytics_scopes` (as the service),
 * 2. becomes READ ONLY, sets `statement_timeout`, and drops to the role `control_analytics`, which
 *    may read only the analytics_* views (each filtered to the registered workspace),
 * 3. runs the query through `analytics_run(text)`, a SECURITY DEFINER function owned by that role
 *    (inside it PostgreSQL refuses SET ROLE / RESET ROLE, so the query cannot take the service's
 *    role back), wrapped as a subquery (one SELECT, no data-modifying WITH),
 * 4. always rolls back.
 *
 * Whatever the query text, it cannot write, cannot read another table or workspace, and cannot
 * run longer than the timeout; the parser (query.ts) is only the first line of defence.
 */
import type { Database, Sql } from '@apiplatform/server-kit'
import { json } from '../repositories/rows.js'

export const ANALYTICS_ROLE = 'control_analytics'

export interface ExecuteOptions {
  workspaceId: string
  timeoutMs: number
}

export type ExecuteOutcome =
  | { ok: true; rows: Record<string, unknown>[] }
  | { ok: false; kind: 'invalid' | 'not_allowed' | 'timeout'; message: string }

class Rollback extends Error {
  constructor(readonly outcome: ExecuteOutcome) {
    super('rollback')
  }
}

/** Runs `sql` as the analytics role, confined to the workspace; never commits. */
export async function executeConfined(
  db: Database,
  sql: string,
  options: ExecuteOptions,
): Promise<ExecuteOutcome> {
  try {
    await db.transaction(async (tx: Sql) => {
      await tx.query('INSERT INTO analytics_scopes (txid, workspace_id) VALUES (txid_current(), $1)', [
        options.workspaceId,
      ])
      await tx.query('SET TRANSACTION READ ONLY')
      await tx.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(options.timeoutMs))}`)
      await tx.query(`SET LOCAL ROLE ${ANALYTICS_ROLE}`)
      let outcome: ExecuteOutcome
      try {
        const rows = await tx.query<{ row: unknown }>('SELECT analytics_run($1) AS row', [sql])
        outcome = { ok: true, rows: rows.map((r) => json<Record<string, unknown>>(r.row)) }
      } catch (error) {
        outcome = classify(error)
      }
      throw new Rollback(outcome)
    })
  } catch (error) {
    if (error instanceof Rollback) return error.outcome
    throw error
  }
  throw new Error('unreachable: the analytics transaction always rolls back')
}

/** PostgreSQL errors of a user query → what the API answers. Unknown ones are rethrown (500). */
function classify(error: unknown): ExecuteOutcome {
  const code = String((error as { code?: unknown }).code ?? '')
  const message = error instanceof Error ? error.message : String(error)
  if (code === '57014') return { ok: false, kind: 'timeout', message: 'The query ran longer than allowed.' }
  if (code === '42501' || code === '25006' || code.startsWith('54') || code === '0A000') {
    return { ok: false, kind: 'not_allowed', message }
  }
  if (code.startsWith('42') || code.startsWith('22') || code.startsWith('21')) {
    return { ok: false, kind: 'invalid', message }
  }
  throw error
}
