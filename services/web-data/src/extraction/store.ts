import { randomUUID } from 'node:crypto'
import type { JobQueue, Sql } from '@apiplatform/server-kit'
import type { ScrapeInput } from '../scrape/types.js'
import type { JsonSchema } from './json-schema.js'

export const EXTRACT_QUEUE = 'extract'
export const EXTRACT_TTL_MS = 24 * 60 * 60 * 1000

export interface ExtractRequest {
  urls: string[]
  prompt?: string
  schema?: JsonSchema
  includeSubdomains: boolean
  ignoreSitemap: boolean
  scrapeOptions: Omit<ScrapeInput, 'url'>
}

/** Progress of an extraction, committed with every step. */
export interface ExtractState {
  /** URLs with a trailing `/*` still to expand into the site's pages. */
  wildcards: string[]
  queue: string[]
  visited: string[]
  result: Record<string, unknown>
  failures: number
  /** Why the last page failed (reported when no page succeeds). */
  lastError?: string
}

export interface ExtractRow {
  id: string
  team_id: string
  request: ExtractRequest
  status: 'processing' | 'completed' | 'failed' | 'cancelled'
  state: ExtractState
  data: Record<string, unknown> | null
  error: string | null
  tokens_used: number
  expires_at: string | Date
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

export async function createExtract(
  tx: Sql,
  queue: JobQueue,
  teamId: string,
  request: ExtractRequest,
  state: ExtractState,
): Promise<string> {
  const id = randomUUID()
  // The expiry is computed by SQL's now(), which the test controls' clock moves.
  await tx.query(
    `INSERT INTO extracts (id, team_id, request, state, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))`,
    [id, teamId, JSON.stringify(request), JSON.stringify(state), EXTRACT_TTL_MS],
  )
  const jobId = await queue.enqueue(tx, EXTRACT_QUEUE, { extractId: id }, { maxAttempts: 20 })
  await tx.query('UPDATE extracts SET job_id = $2 WHERE id = $1', [id, jobId])
  return id
}

export async function getExtract(sql: Sql, id: string, teamId?: string): Promise<ExtractRow | undefined> {
  const rows = await sql.query<Record<string, unknown>>(
    teamId ? 'SELECT * FROM extracts WHERE id = $1 AND team_id = $2' : 'SELECT * FROM extracts WHERE id = $1',
    teamId ? [id, teamId] : [id],
  )
  const r = rows[0]
  if (!r) return undefined
  return {
    ...(r as unknown as ExtractRow),
    request: parse<ExtractRequest>(r.request),
    state: parse<ExtractState>(r.state),
    data: r.data == null ? null : parse<Record<string, unknown>>(r.data),
  }
}

/** Saves the extraction's progress and adds the tokens its last step spent. */
export async function saveExtractState(
  tx: Sql,
  id: string,
  state: ExtractState,
  tokens: number,
): Promise<void> {
  await tx.query('UPDATE extracts SET state = $2, tokens_used = tokens_used + $3 WHERE id = $1', [
    id,
    JSON.stringify(state),
    tokens,
  ])
}

/** Ends an extraction still processing: its data when completed, its error when failed. */
export async function finishExtract(
  tx: Sql,
  id: string,
  end: { status: 'completed' | 'failed'; data: string | null; state: ExtractState; error: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE extracts SET status = $2, data = $3, state = $4, error = $5 WHERE id = $1 AND status = 'processing'`,
    [id, end.status, end.data, JSON.stringify(end.state), end.error],
  )
}
