import { authorize } from '../access/authorize.js'
import type { Caller } from '../access/caller.js'
import type { Deps } from '../deps.js'
import { ApiError, forbidden, invalidInput, preconditionFailed } from '../domain/errors.js'
import { executeConfined } from './executor.js'
import { type Alias, compileQuery, QueryError } from './query.js'

/** How long one analytics query may run. */
export const ANALYTICS_TIMEOUT_MS = Number(process.env.CONTROL_ANALYTICS_TIMEOUT_MS ?? 2000)

export interface AnalyticsSource {
  alias: Alias
  /** The raw table, for the "no data yet" check (412) of sources that document it. */
  preconditionTable?: 'gateway_requests' | 'runtime_logs' | 'ratelimit_decisions'
  what: string
}

/**
 * The rows of `query`, the shared body of the four analytics operations: permission, 412 when
 * documented and the workspace has no data yet, compile (400 syntax / 422 not allowed), run
 * confined (400 / 422).
 */
export async function runAnalytics(
  deps: Deps,
  caller: Caller,
  query: string,
  source: AnalyticsSource,
): Promise<Record<string, unknown>[]> {
  if (!authorize(caller)) throw forbidden(`The root key may not read ${source.what}.`)
  // Rows this process answered but has not written yet (see AnalyticsBuffer).
  await deps.analytics?.flush()
  let sql: string
  try {
    sql = compileQuery(query, [source.alias])
  } catch (error) {
    if (!(error instanceof QueryError)) throw error
    if (error.kind === 'syntax') {
      throw invalidInput(error.message, {
        location: 'body.query',
        message: error.message,
        fix: `Write one SELECT over ${source.alias}, e.g. SELECT count(*) FROM ${source.alias}.`,
      })
    }
    throw unprocessable(error.message)
  }
  if (source.preconditionTable) {
    const rows = await deps.db.query(
      `SELECT 1 FROM ${source.preconditionTable} WHERE workspace_id = $1 LIMIT 1`,
      [caller.workspaceId],
    )
    if (rows.length === 0) throw preconditionFailed(`The workspace has no ${source.what} to query yet.`)
  }
  const outcome = await executeConfined(deps.db, sql, {
    workspaceId: caller.workspaceId,
    timeoutMs: ANALYTICS_TIMEOUT_MS,
  })
  if (outcome.ok) return outcome.rows
  if (outcome.kind === 'invalid') {
    throw invalidInput(`The query failed: ${outcome.message}`, {
      location: 'body.query',
      message: outcome.message,
    })
  }
  throw unprocessable(
    outcome.kind === 'timeout'
      ? `The query took longer than ${ANALYTICS_TIMEOUT_MS} ms; narrow the time range or aggregate more.`
      : `The query is not allowed: ${outcome.message}`,
  )
}

const unprocessable = (detail: string) => new ApiError(422, 'request/unprocessable_query', detail)
