import type { Database, JobHandler, Sql } from '@apiplatform/server-kit'
import { charge, Prices } from '../billing/credits.js'
import { ApiError } from '../errors.js'
import { planDocument } from '../scrape/plan.js'
import { buildDocument, fetchOrThrow } from '../scrape/scrape.js'
import { recordPage } from '../scrape/store.js'
import { type Extractor, extractionPage } from './extractor.js'
import { DEFAULT_SCHEMA, type JsonSchema } from './json-schema.js'
import { mergeResults, missingFields } from './merge.js'
import { type ExtractState, finishExtract, getExtract, saveExtractState } from './store.js'
import { recordTokens } from './token-usage.js'

/** Pages one extraction reads at most (wildcards included). */
export const MAX_EXTRACT_PAGES = 25

const hasArrays = (schema: JsonSchema) =>
  Object.values(schema.properties ?? {}).some(
    (p) => p.type === 'array' || (Array.isArray(p.type) && p.type.includes('array')),
  )

/**
 * What an extraction needs of the subsystems above it: crawl/'s URL key, map/'s site map and
 * search/'s index. They are handed in (service.ts) because crawl/ and search/ fill the `json`
 * format with extraction/, so importing them here would close a loop.
 */
export interface ExtractRunnerDeps {
  db: Database
  allowPrivateUrls: boolean
  /** Fills the schema from each page. */
  extractor: Extractor
  /** The key that makes two spellings of one URL one page. */
  urlKey: (url: string, ignoreQueryParameters: boolean) => string
  mapSite: (
    input: {
      url: string
      sitemap: 'skip' | 'include'
      includeSubdomains?: boolean | undefined
      limit: number
    },
    options: { allowPrivateUrls: boolean },
  ) => Promise<{ url: string }[]>
  /** Told when a page was recorded, so search/ indexes it. */
  pagesRecorded: (db: Database) => void
}

/**
 * Runs extractions one step per job execution (like agent runs): expand a wildcard, or read one
 * page and merge what it states into the result. Each step's state, credits and tokens commit
 * with the job's progress (`continueWith`), so a crash redoes at most the step in flight.
 */
export function extractRunner(deps: ExtractRunnerDeps): JobHandler<{ extractId: string }> {
  const { urlKey, mapSite, pagesRecorded } = deps
  return async (job, ctx) => {
    const row = await getExtract(deps.db, job.payload.extractId)
    if (row?.status !== 'processing') {
      await ctx.complete()
      return
    }
    const state: ExtractState = structuredClone(row.state)
    const schema = row.request.schema ?? DEFAULT_SCHEMA
    const save =
      (tokens = 0, extra?: (tx: Sql) => Promise<void>) =>
      async (tx: Sql) => {
        if (extra) await extra(tx)
        await saveExtractState(tx, row.id, state, tokens)
      }

    const wildcard = state.wildcards.shift()
    if (wildcard !== undefined) {
      const base = wildcard.replace(/\/\*$/, '/')
      const known = new Set([...state.queue, ...state.visited].map((u) => urlKey(u, true)))
      try {
        const links = await mapSite(
          {
            url: base,
            sitemap: row.request.ignoreSitemap ? 'skip' : 'include',
            includeSubdomains: row.request.includeSubdomains,
            limit: MAX_EXTRACT_PAGES * 4,
          },
          { allowPrivateUrls: deps.allowPrivateUrls },
        )
        const prefix = new URL(base).pathname
        for (const link of links) {
          const key = urlKey(link.url, true)
          if (known.has(key) || !new URL(link.url).pathname.startsWith(prefix)) continue
          known.add(key)
          state.queue.push(link.url)
        }
      } catch {
        state.failures++
      }
      await ctx.continueWith(job.payload, { fn: save() })
      return
    }

    const url = state.visited.length < MAX_EXTRACT_PAGES ? state.queue.shift() : undefined
    const done =
      url === undefined ||
      (!hasArrays(schema) && missingFields(state.result, schema).length === 0 && state.visited.length > 0)
    if (done) {
      const failed = state.visited.length === 0 || state.failures >= state.visited.length
      await ctx.complete(async (tx) => {
        await finishExtract(tx, row.id, {
          status: failed ? 'failed' : 'completed',
          data: failed ? null : JSON.stringify(state.result),
          state,
          error: failed
            ? `No page of the extraction could be read${state.lastError ? `: ${state.lastError}` : '.'}`
            : null,
        })
      })
      return
    }
    state.visited.push(url)
    let tokens = 0
    let record: ((tx: Sql) => Promise<void>) | undefined
    try {
      const page = await fetchOrThrow(new URL(url), {
        allowPrivateUrls: deps.allowPrivateUrls,
        timeoutMs: row.request.scrapeOptions.timeout ?? 30_000,
        signal: ctx.signal,
      })
      const { parsed } = buildDocument(
        page,
        planDocument({ ...row.request.scrapeOptions, formats: ['markdown'] }),
      )
      const extracted = await deps.extractor.extract({
        page: extractionPage({ url: page.finalUrl, markdown: parsed.markdown, html: page.body }),
        schema,
        prompt: row.request.prompt,
        partial: true,
        signal: ctx.signal,
      })
      mergeResults(state.result, extracted.data)
      // A model reports what it spent; without one, the size of what was read stands in.
      const modelTokens = extracted.usage?.totalTokens ?? 0
      tokens = modelTokens || Math.ceil((parsed.markdown.length + (row.request.prompt?.length ?? 0)) / 4)
      record = async (tx) => {
        if (!(await charge(tx, row.team_id, Prices.scrape, 'extract', url))) {
          state.queue = []
        }
        await recordTokens(tx, row.team_id, modelTokens, 'extract tokens', `${row.id}/${url}`)
        await recordPage(tx, row.team_id, page, parsed)
      }
    } catch (error) {
      if (ctx.signal.aborted) throw new Error('aborted')
      state.failures++
      state.lastError = describeFailure(error)
    }
    await ctx.continueWith(job.payload, { fn: save(tokens, record) })
    if (record) pagesRecorded(deps.db)
  }
}

/** A page failure in words: the catalog error and its reason. */
function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = (error.extra.details as { reason?: string } | undefined)?.reason
    return reason ? `${error.error}: ${reason}` : error.error
  }
  return error instanceof Error ? error.message : String(error)
}
