import { newId, randomToken, type Sql } from '@apiplatform/server-kit'

export type TraceErrorCode = 'cancelled' | 'credit_limit_reached' | 'parent_finished' | 'refused' | 'internal'

/** An error as the trace records it (TraceError of the spec). */
export interface TraceError {
  code: TraceErrorCode
  source: 'agent' | 'tool' | 'billing' | 'system'
  retryable: boolean
  message: string
}

export interface TraceAgent {
  id: string
  role: 'orchestrator' | 'subagent' | 'browser' | 'system'
  name: string
  parentId?: string
}

export const ORCHESTRATOR: TraceAgent = {
  id: 'ag_orchestrator',
  role: 'orchestrator',
  name: 'orchestrator',
}
export const BILLING: TraceAgent = {
  id: 'sys_billing',
  role: 'system',
  name: 'billing',
}
export const PLATFORM: TraceAgent = {
  id: 'sys_platform',
  role: 'system',
  name: 'platform',
}

/** The kind-specific fields of an event; `type` selects the kind. */
export type EventFields = { type: string } & Record<string, unknown>

/**
 * Appends one event to a run's trace inside `tx`. The sequence number comes from the run row, so
 * events of one run are numbered 1, 2, 3, … without gaps, whoever appends them, and an event
 * exists exactly when the transaction that caused it commits.
 */
export async function appendEvent(
  tx: Sql,
  runId: string,
  agent: TraceAgent,
  fields: EventFields,
  occurredAt?: Date,
): Promise<number> {
  // Without a time of its own the event takes SQL's now(), which the test controls' clock moves.
  const rows = await tx.query<{ seq: number; at: Date | string }>(
    'UPDATE agent_runs SET next_sequence = next_sequence + 1 WHERE id = $1 RETURNING next_sequence - 1 AS seq, now() AS at',
    [runId],
  )
  const seq = Number(rows[0]?.seq)
  const event = {
    schemaVersion: 1,
    eventId: newId('evt'),
    runId,
    occurredAt: (occurredAt ?? new Date(rows[0]?.at ?? Date.now())).toISOString(),
    producerSequence: seq,
    agent,
    ...fields,
  }
  await tx.query('INSERT INTO agent_events (run_id, producer_sequence, event) VALUES ($1, $2, $3)', [
    runId,
    seq,
    JSON.stringify(event),
  ])
  return seq
}

/** Snapshot ids look like `snap_` followed by 26 base58 characters. */
export const SNAPSHOT_ID = /^snap_[0-9A-Za-z]{26}$/

/** Stores the content of an artifact at this point and returns its snapshot id. */
export async function saveSnapshot(tx: Sql, runId: string, kind: string, content: string): Promise<string> {
  const snapshotId = `snap_${randomToken(26)}`
  await tx.query('INSERT INTO agent_snapshots (run_id, snapshot_id, kind, content) VALUES ($1, $2, $3, $4)', [
    runId,
    snapshotId,
    kind,
    content,
  ])
  return snapshotId
}

export async function listEvents(sql: Sql, runId: string): Promise<unknown[]> {
  const rows = await sql.query<{ event: unknown }>(
    'SELECT event FROM agent_events WHERE run_id = $1 ORDER BY producer_sequence',
    [runId],
  )
  return rows.map((r) => (typeof r.event === 'string' ? JSON.parse(r.event) : r.event))
}

/** The content of one snapshot of a run, or undefined when the run has none by that id. */
export async function snapshotContent(
  sql: Sql,
  runId: string,
  snapshotId: string,
): Promise<string | undefined> {
  const rows = await sql.query<{ content: string }>(
    'SELECT content FROM agent_snapshots WHERE run_id = $1 AND snapshot_id = $2',
    [runId, snapshotId],
  )
  return rows[0]?.content
}
