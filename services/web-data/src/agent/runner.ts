import type { Job, JobContext, Sql } from '@apiplatform/server-kit'
import { Prices } from '../billing/credits.js'
import { nowOf } from '../clock.js'
import { mergeResults, missingFields } from '../extraction/merge.js'
import { recordTokens } from '../extraction/token-usage.js'
import { recordPage } from '../scrape/store.js'
import { searchPages } from '../search/index.js'
import { pagesRecorded } from '../search/indexer.js'
import { finish } from './finish.js'
import { rankLinks, searchTerms } from './planner.js'
import { saveResult, schemaOf } from './result-artifact.js'
import type { RunnerOptions } from './runner-options.js'
import { loadRun, type RunRow, saveRunState } from './runs.js'
import { scrapeTool, startToolCall } from './tools.js'
import { appendEvent, ORCHESTRATOR, PLATFORM } from './trace.js'
import type { RunState } from './types.js'

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
