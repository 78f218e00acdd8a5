import { type JobQueue, newId, type Sql } from '@apiplatform/server-kit'
import { ApiError, Errors } from '../errors.js'
import { queueWebhooks } from '../webhooks/outbox.js'
import { appendEvent, ORCHESTRATOR } from './trace.js'
import type { AgentRequest, RunState } from './types.js'

export const AGENT_QUEUE = 'agent-run'

/** Internal status of a run; `cancelling` is reported as `processing`. */
export type RunStatus = 'processing' | 'cancelling' | 'completed' | 'failed'

export interface RunRow {
  id: string
  team_id: string
  status: RunStatus
  request: AgentRequest
  model: string
  effort: string | null
  mode: string | null
  origin: string | null
  integration: string | null
  thread_id: string
  thread_turn: number
  job_id: string | null
  state: RunState
  data: Record<string, unknown> | null
  error: string | null
  outcome: string | null
  credits_spent: number
  credits_billed: number
  created_at: Date
  finished_at: Date | null
  expires_at: Date | null
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

function toRun(row: Record<string, unknown>): RunRow {
  return {
    ...(row as unknown as RunRow),
    request: parse<AgentRequest>(row.request),
    state: parse<RunState>(row.state),
    data: row.data == null ? null : parse<Record<string, unknown>>(row.data),
    credits_spent: Number(row.credits_spent),
    credits_billed: Number(row.credits_billed),
    thread_turn: Number(row.thread_turn),
    created_at: new Date(row.created_at as string),
    finished_at: row.finished_at ? new Date(row.finished_at as string) : null,
    expires_at: row.expires_at ? new Date(row.expires_at as string) : null,
  }
}

/** A run of the team; 404 `Agent job not found` for unknown runs and other teams' runs. */
export async function getRun(
  sql: Sql,
  teamId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RunRow> {
  const rows = await sql.query<Record<string, unknown>>(
    `SELECT * FROM agent_runs WHERE id = $1 AND team_id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [id, teamId],
  )
  const row = rows[0]
  if (!row) throw new ApiError(404, Errors.agentNotFound)
  return toRun(row)
}

export async function loadRun(sql: Sql, id: string): Promise<RunRow | undefined> {
  const rows = await sql.query<Record<string, unknown>>('SELECT * FROM agent_runs WHERE id = $1', [id])
  return rows[0] && toRun(rows[0])
}

/**
 * Records a run and its job in one transaction: once this commits the run exists and will be
 * executed, even if the process dies before the response is sent.
 */
export async function createRun(
  tx: Sql,
  queue: JobQueue,
  teamId: string,
  request: AgentRequest,
  initialState: RunState,
): Promise<{ id: string; threadId: string; threadTurn: number }> {
  const id = crypto.randomUUID()
  let threadId = request.threadId
  let threadTurn = 1
  if (threadId) {
    const rows = await tx.query<{ turn: number | null }>(
      'SELECT max(thread_turn) AS turn FROM agent_runs WHERE team_id = $1 AND thread_id = $2',
      [teamId, threadId],
    )
    threadTurn = Number(rows[0]?.turn ?? 0) + 1
  } else {
    threadId = newId('thr')
  }
  await tx.query(
    `INSERT INTO agent_runs (id, team_id, request, model, effort, mode, origin, integration, thread_id, thread_turn, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      teamId,
      JSON.stringify(request),
      request.model ?? 'spark-1-pro',
      request.effort ?? null,
      request.mode ?? null,
      request.origin ?? null,
      request.integration ?? null,
      threadId,
      threadTurn,
      JSON.stringify(initialState),
    ],
  )
  const jobId = await queue.enqueue(tx, AGENT_QUEUE, { runId: id }, { maxAttempts: 5 })
  await tx.query('UPDATE agent_runs SET job_id = $2 WHERE id = $1', [id, jobId])
  await queueWebhooks(tx, queue, request.webhook, { type: 'agent.started', id, success: true })
  return { id, threadId, threadTurn }
}

/**
 * Asks a run to stop: processing → cancelling, recorded in the trace. The worker finishes it at
 * its next step. 409 for finished runs and runs already cancelling.
 */
export async function requestCancel(tx: Sql, teamId: string, id: string): Promise<RunRow> {
  const run = await getRun(tx, teamId, id, { lock: true })
  if (run.status === 'completed' || run.status === 'failed')
    throw new ApiError(409, Errors.agentAlreadyFinished)
  if (run.status === 'cancelling') throw new ApiError(409, Errors.agentAlreadyCancelled)
  await tx.query(`UPDATE agent_runs SET status = 'cancelling' WHERE id = $1`, [id])
  await appendEvent(tx, id, ORCHESTRATOR, {
    type: 'run.cancel_requested',
    reason: 'user',
  })
  // Bring the run's next step forward so the cancellation is applied now, not after the step pause.
  if (run.job_id) {
    await tx.query(`UPDATE jobs SET run_at = now() WHERE id = $1 AND status = 'pending'`, [run.job_id])
  }
  return run
}

/** The status the API reports: cancelling is still processing; failed runs are not billed. */
export function publicStatus(run: RunRow): 'processing' | 'completed' | 'failed' {
  return run.status === 'cancelling' ? 'processing' : run.status
}

export function creditsUsed(run: RunRow): number {
  if (run.status === 'failed') return 0
  if (run.status === 'completed') return run.credits_billed
  return run.credits_spent
}

/** The runs of a conversation thread of the team, oldest first (none: an unknown thread). */
export async function threadRuns(sql: Sql, teamId: string, threadId: string): Promise<RunRow[]> {
  const rows = await sql.query<Record<string, unknown>>(
    'SELECT * FROM agent_runs WHERE team_id = $1 AND thread_id = $2 ORDER BY thread_turn',
    [teamId, threadId],
  )
  return rows.map(toRun)
}

/** `limit` runs of the team, newest first, created before `before` (Unix ms) when given. */
export function teamRuns(sql: Sql, teamId: string, before: number | undefined, limit: number) {
  return sql.query<{
    id: string
    created_at: string | Date
    status: string
    request: unknown
    origin: string | null
    integration: string | null
    model: string
  }>(
    `SELECT id, created_at, status, request, origin, integration, model FROM agent_runs
     WHERE team_id = $1 AND ($2::double precision IS NULL OR created_at < to_timestamp($2::double precision / 1000))
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [teamId, before ?? null, limit],
  )
}

/** Saves the run's state for its next step. */
export async function saveRunState(tx: Sql, id: string, state: RunState): Promise<void> {
  await tx.query('UPDATE agent_runs SET state = $2 WHERE id = $1', [id, JSON.stringify(state)])
}

/** Adds a tool call's price to what the run spent. */
export async function addCreditsSpent(tx: Sql, id: string, credits: number): Promise<void> {
  await tx.query('UPDATE agent_runs SET credits_spent = credits_spent + $2 WHERE id = $1', [id, credits])
}

/** Locks the run's row for its ending; its status and what it spent. */
export async function lockRunForFinish(
  tx: Sql,
  id: string,
): Promise<{ status: string; credits_spent: number | string } | undefined> {
  const current = await tx.query<{
    status: string
    credits_spent: number | string
  }>('SELECT status, credits_spent FROM agent_runs WHERE id = $1 FOR UPDATE', [id])
  return current[0]
}

/** Ends a run with its result; it is billed what it spent. `data`: the result as JSON text. */
export async function completeRun(
  tx: Sql,
  id: string,
  outcome: string,
  data: string,
  ttlMs: number,
): Promise<void> {
  await tx.query(
    `UPDATE agent_runs SET status = 'completed', outcome = $2, data = $3, credits_billed = credits_spent,
              finished_at = now(), expires_at = now() + make_interval(secs => $4::double precision / 1000)
       WHERE id = $1`,
    [id, outcome, data, ttlMs],
  )
}

/** Ends a run that failed; it is billed nothing. */
export async function failRun(
  tx: Sql,
  id: string,
  outcome: string,
  error: string,
  ttlMs: number,
): Promise<void> {
  await tx.query(
    `UPDATE agent_runs SET status = 'failed', outcome = $2, error = $3, credits_billed = 0, finished_at = now(),
            expires_at = now() + make_interval(secs => $4::double precision / 1000)
     WHERE id = $1`,
    [id, outcome, error, ttlMs],
  )
}
