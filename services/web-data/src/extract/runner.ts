import type { Database, JobHandler, Sql } from '@apiplatform/server-kit'
import { charge, Prices } from '../billing/credits.js'
import { urlKey } from '../crawl/urls.js'
import { mapSite } from '../map/map.js'
import { extractFromFacts, type JsonSchema, mergeResults, missingFields } from '../scrape/extract.js'
import { readFacts } from '../scrape/facts.js'
import { buildDocument, fetchOrThrow, recordPage } from '../scrape/scrape.js'
import { type ExtractState, getExtract } from './store.js'

/** Pages one extraction reads at most (wildcards included). */
export const MAX_EXTRACT_PAGES = 25

/** What an extraction without a schema fills. */
const DEFAULT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { title: { type: 'string' }, description: { type: 'string' } },
}

const hasArrays = (schema: JsonSchema) =>
  Object.values(schema.properties ?? {}).some(
    (p) => p.type === 'array' || (Array.isArray(p.type) && p.type.includes('array')),
  )

/**
 * Runs extractions one step per job execution (like agent runs): expand a wildcard, or read one
 * page and merge what it states into the result. Each step's state, credits and tokens commit
 * with the job's progress (`continueWith`), so a crash redoes at most the step in flight.
 */
export function extractRunner(deps: {
  db: Database
  allowPrivateUrls: boolean
}): JobHandler<{ extractId: string }> {
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
        await tx.query('UPDATE extracts SET state = $2, tokens_used = tokens_used + $3 WHERE id = $1', [
          row.id,
          JSON.stringify(state),
          tokens,
        ])
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
        await tx.query(
          `UPDATE extracts SET status = $2, data = $3, state = $4, error = $5 WHERE id = $1 AND status = 'processing'`,
          [
            row.id,
            failed ? 'failed' : 'completed',
            failed ? null : JSON.stringify(state.result),
            JSON.stringify(state),
            failed ? 'No page of the extraction could be read.' : null,
          ],
        )
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
      const { parsed } = buildDocument(page, { url, ...row.request.scrapeOptions, formats: ['markdown'] })
      mergeResults(state.result, extractFromFacts(readFacts(page.body, page.finalUrl), schema))
      tokens = Math.ceil((parsed.markdown.length + (row.request.prompt?.length ?? 0)) / 4)
      record = async (tx) => {
        if (!(await charge(tx, row.team_id, Prices.scrape, 'extract', url))) {
          state.queue = []
        }
        await recordPage(tx, row.team_id, page, parsed)
      }
    } catch {
      if (ctx.signal.aborted) throw new Error('aborted')
      state.failures++
    }
    await ctx.continueWith(job.payload, { fn: save(tokens, record) })
  }
}
