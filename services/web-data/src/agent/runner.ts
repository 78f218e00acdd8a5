import type { Database, Job, JobContext, JobQueue, Sql } from '@apiplatform/server-kit'
import { charge, credit, Prices } from '../billing/credits.js'
import { type Now, nowOf } from '../clock.js'
import { type Extractor, extractionPage, type TokenUsage } from '../extraction/extractor.js'
import { mergeResults, missingFields } from '../extraction/merge.js'
import { recordTokens } from '../extraction/token-usage.js'
import { ApiError } from '../http/errors.js'
import { parsePage } from '../scrape/document.js'
import { fetchOrThrow, parseHttpUrl } from '../scrape/scrape.js'
import { recordPage } from '../scrape/store.js'
import { searchPages } from '../search/index.js'
import { pagesRecorded } from '../search/indexer.js'
import { queueWebhooks } from '../webhooks/outbox.js'
import { rankLinks, searchTerms } from './planner.js'
import {
  addCreditsSpent,
  completeRun,
  failRun,
  loadRun,
  lockRunForFinish,
  type RunRow,
  saveRunState,
} from './runs.js'
import { appendEvent, BILLING, ORCHESTRATOR, PLATFORM, saveSnapshot, type TraceError } from './trace.js'
import type { RunState } from './types.js'

export interface RunnerOptions {
  db: Database
  /** Where webhook deliveries are queued. */
  queue: JobQueue
  allowPrivateUrls: boolean
  /** Pause between steps. */
  stepMs: number
  /** Timeout of one page fetch. */
  fetchTimeoutMs?: number
  /** Fills the run's schema from each page read. */
  extractor: Extractor
  /** Business time (`clock.ts`): when tool calls start, how long a run took; real time by default. */
  now?: Now
}

/** How long a finished run's result stays retrievable. */
const RESULT_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Executes agent runs one step per job execution. Every step commits its trace events, its
 * effects (credits, pages, snapshots) and the run's next state in one transaction together with
 * the job's progress (`ctx.continueWith` / `ctx.complete`), under the job's lease. A worker that
 * dies mid-step commits nothing of it; the next worker redoes that step, so no event is lost or
 * recorded twice.
 */
export function agentRunner(options: RunnerOptions) {
  return async (job: Job<{ runId: string }>, ctx: JobContext): Promise<void> => {
    const run = await loadRun(options.db, job.payload.runId)
    if (!run || run.status === 'completed' || run.status === 'failed') {
      await ctx.complete()
      return
    }
    try {
      await step(run, ctx, options)
    } catch (error) {
      if (ctx.signal.aborted) throw error
      // Unexpected failures are retried; the last attempt ends the run as failed (internal).
      if (job.attempts < 3) throw error
      const message = error instanceof Error ? error.message : String(error)
      await ctx.complete((tx) =>
        finish(tx, options, run, 'failed', {
          code: 'internal',
          source: 'system',
          retryable: true,
          message: `The run failed unexpectedly: ${message}`,
        }),
      )
    }
  }
}

async function step(run: RunRow, ctx: JobContext, options: RunnerOptions): Promise<void> {
  const state = run.state
  const next = async (tx: Sql, s: RunState): Promise<void> => {
    await saveRunState(tx, run.id, s)
  }
  const pause = { delayMs: options.stepMs }

  if (run.status === 'cancelling') {
    await ctx.complete((tx) =>
      finish(tx, options, run, 'cancelled', {
        code: 'cancelled',
        source: 'agent',
        retryable: false,
        message: 'The run was cancelled at the caller’s request.',
      }),
    )
    return
  }

  if (state.phase === 'start') {
    await ctx.continueWith(
      { runId: run.id },
      {
        ...pause,
        fn: async (tx) => {
          await appendEvent(tx, run.id, PLATFORM, { type: 'run.started' })
          await appendEvent(tx, run.id, ORCHESTRATOR, {
            type: 'agent.started',
          })
          const plan =
            state.queue.length > 0
              ? `Planning: read ${state.queue.length} starting page(s)${run.request.schema ? ' and fill the requested schema' : ''}.`
              : 'Planning: no starting page given; searching the pages index.'
          await appendEvent(tx, run.id, ORCHESTRATOR, {
            type: 'progress.reported',
            phase: 'planning',
            message: plan,
          })
          await next(tx, { ...state, phase: 'work' })
        },
      },
    )
    return
  }

  if (state.phase === 'work') {
    const schema = run.request.schema
    const done =
      state.visited.length >= state.maxPages ||
      (schema?.properties && state.visited.length > 0 && missingFields(state.result, schema).length === 0)
    const needsSearch = state.toolCalls === 0 && state.queue.length === 0
    if (!needsSearch && (done || state.queue.length === 0)) {
      await ctx.continueWith({ runId: run.id }, { fn: (tx) => next(tx, { ...state, phase: 'finalize' }) })
      return
    }
    // Every tool call costs credits; a call that would pass maxCredits ends the run instead.
    const maxCredits = run.request.maxCredits
    if (maxCredits !== undefined && run.credits_spent + Prices.agentToolCall > maxCredits) {
      await ctx.complete((tx) =>
        finish(tx, options, run, 'credit_limit_reached', {
          code: 'credit_limit_reached',
          source: 'billing',
          retryable: false,
          message: `The run reached its maxCredits limit of ${maxCredits} credits before finishing.`,
        }),
      )
      return
    }
    const toolCallId = `call_${state.toolCalls + 1}`
    const startedAt = new Date(nowOf(options))
    if (needsSearch) {
      const terms = searchTerms(run.request.prompt)
      const hits = await searchPages(options.db, run.team_id, terms, 5)
      const urls = hits.map((h) => h.url)
      await ctx.continueWith(
        { runId: run.id },
        {
          ...pause,
          fn: async (tx) => {
            const call = { toolCallId, toolName: 'search', parameters: { query: terms } }
            if (!(await startToolCall(tx, options, run, call, startedAt))) return
            await appendEvent(tx, run.id, ORCHESTRATOR, {
              type: 'tool_call.finished',
              toolCallId,
              toolName: 'search',
              result: {
                results: hits.map((h) => ({ url: h.url, title: h.title })),
              },
            })
            if (urls.length === 0) {
              await finish(tx, options, run, 'refused', {
                code: 'refused',
                source: 'agent',
                retryable: false,
                message: 'No starting URL was given and no indexed page matches the prompt.',
              })
              return
            }
            await next(tx, {
              ...state,
              toolCalls: state.toolCalls + 1,
              queue: urls,
            })
          },
        },
      )
      return
    }

    const url = state.queue[0] as string
    const outcome = await scrapeTool(url, run, options, ctx.signal)
    await ctx.continueWith(
      { runId: run.id },
      {
        ...pause,
        fn: async (tx) => {
          const call = { toolCallId, toolName: 'scrape', parameters: { url } }
          if (!(await startToolCall(tx, options, run, call, startedAt))) return
          const visited = [...state.visited, url]
          const seen = new Set([...visited, ...state.queue])
          let queue = state.queue.slice(1)
          const result = structuredClone(state.result)
          const sources = [...state.sources]
          let artifactVersion = state.artifactVersion
          if ('error' in outcome) {
            await appendEvent(tx, run.id, ORCHESTRATOR, {
              type: 'tool_call.finished',
              toolCallId,
              toolName: 'scrape',
              result: { url, error: outcome.error },
            })
            await appendEvent(tx, run.id, ORCHESTRATOR, {
              type: 'error.occurred',
              error: {
                code: 'internal',
                source: 'tool',
                retryable: true,
                message: `Could not scrape ${url}: ${outcome.error}`,
              },
            })
          } else {
            const { page, parsed, extracted, usage } = outcome
            await recordPage(tx, run.team_id, page, parsed)
            await recordTokens(
              tx,
              run.team_id,
              usage?.totalTokens ?? 0,
              'agent tokens',
              `${run.id}/${toolCallId}`,
            )
            await appendEvent(tx, run.id, ORCHESTRATOR, {
              type: 'tool_call.finished',
              toolCallId,
              toolName: 'scrape',
              result: {
                url: page.finalUrl,
                statusCode: page.statusCode,
                title: parsed.metadata.title ?? null,
                links: parsed.links.length,
              },
            })
            sources.push({
              url: page.finalUrl,
              ...(typeof parsed.metadata.title === 'string' ? { title: parsed.metadata.title } : {}),
              ...(typeof parsed.metadata.description === 'string'
                ? { description: parsed.metadata.description }
                : {}),
            })
            const changed = schemaOf(run) ? mergeResults(result, extracted) : ['sources']
            const artifact = schemaOf(run) ? result : { sources }
            if (changed.length > 0 || artifactVersion === 0) {
              await saveResult(tx, run.id, artifact, {
                change: artifactVersion === 0 ? 'init' : 'partial',
                changedFields: changed,
                itemCount: Object.keys(artifact).length,
                sourceToolCallId: toolCallId,
              })
              artifactVersion++
            }
            const schema = schemaOf(run)
            const missing = schema ? missingFields(result, schema) : []
            if (!run.request.strictConstrainToURLs && schema && missing.length > 0) {
              // Links of the main content first, then the page's other links (navigation).
              const links = [...new Set([...parsed.contentLinks, ...parsed.links])]
              const more = rankLinks(links, page.finalUrl, seen, [run.request.prompt, ...missing])
              queue = [...queue, ...more].slice(0, state.maxPages * 3)
            }
            await appendEvent(tx, run.id, ORCHESTRATOR, {
              type: 'progress.reported',
              phase: 'working',
              message: schema
                ? `Read ${visited.length} page(s); ${missing.length === 0 ? 'all fields found' : `still looking for ${missing.join(', ')}`}.`
                : `Read ${visited.length} page(s).`,
            })
          }
          await next(tx, {
            ...state,
            toolCalls: state.toolCalls + 1,
            visited,
            queue,
            result,
            sources,
            artifactVersion,
          })
        },
      },
    )
    if (!('error' in outcome)) pagesRecorded(options.db)
    return
  }

  // finalize
  await ctx.complete((tx) => finish(tx, options, run, 'succeeded', null))
}

const schemaOf = (run: RunRow) => (run.request.schema?.properties ? run.request.schema : undefined)

/** Records a new version of the run's result artifact (`result.json`), saved as `snapshotId`. */
function resultUpdated(tx: Sql, runId: string, snapshotId: string, change: Record<string, unknown>) {
  return appendEvent(tx, runId, ORCHESTRATOR, {
    type: 'artifact.updated',
    artifact: { kind: 'json', artifactId: 'art_result', path: 'result.json', snapshotId, ...change },
  })
}

/** Saves the run's result artifact as a snapshot and records the new version. */
async function saveResult(tx: Sql, runId: string, artifact: unknown, change: Record<string, unknown>) {
  await resultUpdated(tx, runId, await saveSnapshot(tx, runId, 'json', JSON.stringify(artifact)), change)
}

/** Bills a tool call and records its start; false when the team is out of credits (the run ended). */
async function startToolCall(
  tx: Sql,
  options: RunnerOptions,
  run: RunRow,
  call: { toolCallId: string; toolName: string; parameters: Record<string, unknown> },
  startedAt: Date,
): Promise<boolean> {
  if (!(await billToolCall(tx, options, run, call.toolCallId))) return false
  await appendEvent(tx, run.id, ORCHESTRATOR, { type: 'tool_call.started', ...call }, startedAt)
  return true
}

/** Takes the price of a tool call from the team; a team out of credits ends the run. */
async function billToolCall(
  tx: Sql,
  options: RunnerOptions,
  run: RunRow,
  toolCallId: string,
): Promise<boolean> {
  if (await charge(tx, run.team_id, Prices.agentToolCall, 'agent tool call', `${run.id}/${toolCallId}`)) {
    await addCreditsSpent(tx, run.id, Prices.agentToolCall)
    run.credits_spent += Prices.agentToolCall
    return true
  }
  await finish(tx, options, run, 'credit_limit_reached', {
    code: 'credit_limit_reached',
    source: 'billing',
    retryable: false,
    message: 'The team has no credits left for this run.',
  })
  return false
}

type ScrapeOutcome =
  | { error: string }
  | {
      page: Awaited<ReturnType<typeof fetchOrThrow>>
      parsed: ReturnType<typeof parsePage>
      extracted: Record<string, unknown>
      usage?: TokenUsage | undefined
    }

async function scrapeTool(
  url: string,
  run: RunRow,
  options: RunnerOptions,
  signal: AbortSignal,
): Promise<ScrapeOutcome> {
  try {
    const page = await fetchOrThrow(parseHttpUrl(url), {
      allowPrivateUrls: options.allowPrivateUrls,
      timeoutMs: options.fetchTimeoutMs ?? 30_000,
      signal,
    })
    const parsed = parsePage(page.body, page.finalUrl)
    const schema = schemaOf(run)
    if (!schema) return { page, parsed, extracted: {} }
    const { data, usage } = await options.extractor.extract({
      page: extractionPage({ url: page.finalUrl, markdown: parsed.markdown, html: page.body }),
      schema,
      prompt: run.request.prompt,
      partial: true,
      signal,
    })
    return { page, parsed, extracted: data, usage }
  } catch (error) {
    if (signal.aborted) throw error
    if (error instanceof ApiError) {
      const reason = (error.extra.details as { reason?: string } | undefined)?.reason
      return { error: reason ? `${error.error}: ${reason}` : error.error }
    }
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

type Outcome = 'succeeded' | 'failed' | 'cancelled' | 'refused' | 'credit_limit_reached'

/** Ends a run: the closing events, its status and result, and its bill (failed runs are refunded). */
async function finish(
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
  await queueWebhooks(tx, options.queue, run.request.webhook, {
    type: 'agent.failed',
    id: run.id,
    success: false,
    error: error?.message ?? 'The run failed.',
  })
}
