import type { Sql } from '@apiplatform/server-kit'
import { credit } from '../billing/credits.js'
import { nowOf } from '../clock.js'
import { queueWebhooks } from '../webhooks/outbox.js'
import { resultUpdated } from './result-artifact.js'
import type { RunnerOptions } from './runner-options.js'
import { completeRun, failRun, lockRunForFinish, type RunRow } from './runs.js'
import { appendEvent, BILLING, ORCHESTRATOR, PLATFORM, saveSnapshot, type TraceError } from './trace.js'

/** How long a finished run's result stays retrievable. */
const RESULT_TTL_MS = 24 * 60 * 60 * 1000

type Outcome = 'succeeded' | 'failed' | 'cancelled' | 'refused' | 'credit_limit_reached'

/** Ends a run: the closing events, its status and result, and its bill (failed runs are refunded). */
export async function finish(
  tx: Sql,
  options: RunnerOptions,
  run: RunRow,
  outcome: Outcome,
  error: TraceError | null,
): Promise<void> {
  const row = await lockRunForFinish(tx, run.id)
  if (!row || row.status === 'completed' || row.status === 'failed') return
  // A cancellation that arrived during the last step wins over that step's own ending.
  if (row.status === 'cancelling' && outcome !== 'cancelled') {
    outcome = 'cancelled'
    error = {
      code: 'cancelled',
      source: 'agent',
      retryable: false,
      message: 'The run was cancelled at the caller’s request.',
    }
  }
  const spent = Number(row.credits_spent)
  const agentOutcome = outcome === 'credit_limit_reached' ? 'failed' : outcome
  await appendEvent(tx, run.id, ORCHESTRATOR, {
    type: 'agent.finished',
    outcome: agentOutcome,
    durationMs: Math.max(0, nowOf(options) - run.state.startedAt),
    error,
  })
  if (outcome === 'succeeded') {
    const data = run.request.schema?.properties ? run.state.result : { sources: run.state.sources }
    const snapshotId = await saveSnapshot(tx, run.id, 'json', JSON.stringify(data))
    await appendEvent(tx, run.id, ORCHESTRATOR, {
      type: 'progress.reported',
      phase: 'finalizing',
      message: 'Result complete.',
    })
    await resultUpdated(tx, run.id, snapshotId, { change: 'update', itemCount: Object.keys(data).length })
    await appendEvent(tx, run.id, PLATFORM, {
      type: 'run.finished',
      outcome,
      error: null,
    })
    await completeRun(tx, run.id, outcome, JSON.stringify(data), RESULT_TTL_MS)
    await queueWebhooks(tx, options.queue, run.request.webhook, {
      type: 'agent.completed',
      id: run.id,
      success: true,
      data: [data],
    })
    return
  }
  await appendEvent(tx, run.id, outcome === 'credit_limit_reached' ? BILLING : PLATFORM, {
    type: 'run.finished',
    outcome,
    error,
  })
  // Failed runs are not billed: what the run spent goes back to the team.
  await credit(tx, run.team_id, spent, 'agent run refund', run.id)
  await failRun(tx, run.id, outcome, error?.message ?? 'The run failed.', RESULT_TTL_MS)
  // A cancellation is an event of its own (the real API's SDKs list `cancelled` beside `failed`),
  // so a subscriber to failures is not told about runs its own side stopped.
  await queueWebhooks(tx, options.queue, run.request.webhook, {
    type: outcome === 'cancelled' ? 'agent.cancelled' : 'agent.failed',
    id: run.id,
    success: false,
    error: error?.message ?? 'The run failed.',
  })
}
