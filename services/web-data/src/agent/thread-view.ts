/**
 * `GET /v2/agent/threads/{threadId}` as the real API's SDKs read it: each run reports how it ended
 * (`succeeded`, `cancelled`, `credit_limit_reached`, …) where a run's own status is only
 * `completed` or `failed`, and the thread says whether one of its runs is still working.
 */
import { creditsUsed, type RunRow } from './runs.js'

type RunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'refused' | 'credit_limit_reached'
const OUTCOMES: ReadonlySet<string> = new Set<RunOutcome>([
  'succeeded',
  'failed',
  'cancelled',
  'refused',
  'credit_limit_reached',
])

/** A run's status in a thread: `processing` until it finished (a cancellation in progress too), then its outcome. */
function threadStatus(run: RunRow): 'processing' | RunOutcome {
  if (run.status === 'processing' || run.status === 'cancelling') return 'processing'
  if (run.outcome && OUTCOMES.has(run.outcome)) return run.outcome as RunOutcome
  return run.status === 'completed' ? 'succeeded' : 'failed'
}

function threadRun(run: RunRow, includeData: boolean) {
  const status = threadStatus(run)
  return {
    id: run.id,
    turn: run.thread_turn,
    mode: (run.mode ?? 'extract') as 'extract' | 'chat',
    prompt: run.request.prompt,
    ...(run.request.urls ? { urls: run.request.urls } : {}),
    ...(run.request.schema ? { schema: run.request.schema as Record<string, unknown> } : {}),
    ...(run.effort ? { effort: run.effort as 'low' | 'medium' | 'high' } : {}),
    status,
    createdAt: run.created_at.toISOString(),
    finishedAt: run.finished_at?.toISOString() ?? null,
    creditsUsed: creditsUsed(run),
    // This service's runs answer in `data`; a chat answer would go here.
    message: null,
    ...(includeData && status === 'succeeded' && run.data ? { data: run.data } : {}),
  }
}

/** The thread of `runs` (oldest turn first, at least one). */
export function threadView(threadId: string, runs: readonly RunRow[], includeData: boolean) {
  const times = runs.flatMap((run) => [run.created_at.getTime(), run.finished_at?.getTime() ?? 0])
  const items = runs.map((run) => threadRun(run, includeData))
  return {
    id: threadId,
    createdAt: new Date(Math.min(...runs.map((run) => run.created_at.getTime()))).toISOString(),
    updatedAt: new Date(Math.max(...times)).toISOString(),
    status: items.some((run) => run.status === 'processing') ? ('running' as const) : ('idle' as const),
    runs: items,
  }
}
