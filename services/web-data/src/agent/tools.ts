import type { Sql } from '@apiplatform/server-kit'
import { charge, Prices } from '../billing/credits.js'
import { ApiError } from '../errors.js'
import { extractionPage, type TokenUsage } from '../extraction/extractor.js'
import { parsePage } from '../scrape/document.js'
import { parseHttpUrl } from '../scrape/plan.js'
import { fetchOrThrow } from '../scrape/scrape.js'
import { finish } from './finish.js'
import { schemaOf } from './result-artifact.js'
import type { RunnerOptions } from './runner-options.js'
import { addCreditsSpent, type RunRow } from './runs.js'
import { appendEvent, ORCHESTRATOR } from './trace.js'

/** Bills a tool call and records its start; false when the team is out of credits (the run ended). */
export async function startToolCall(
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

export async function scrapeTool(
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
