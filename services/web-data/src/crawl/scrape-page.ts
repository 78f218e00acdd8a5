import type { Database } from '@apiplatform/server-kit'
import { ApiError } from '../errors.js'
import type { Extractor } from '../extraction/extractor.js'
import { fillJsonFormat } from '../extraction/json-format.js'
import { cachePolicy, readCached } from '../scrape/cache.js'
import type { PagePlan } from '../scrape/plan.js'
import { buildDocument, fetchOrThrow } from '../scrape/scrape.js'
import type { IndexedPage } from '../scrape/store.js'
import type { CrawlRow } from './rows.js'
import { LeaseGone } from './run-errors.js'

export interface Pending {
  id: number
  url: string
  depth: number
  /** The append that added the page to its batch (its scrape options); absent: the crawl's own. */
  appendId?: number
}

export type Outcome =
  | {
      ok: true
      document: Record<string, unknown>
      links: URL[]
      /** What the page index records (absent for zero data retention). */
      indexed?: IndexedPage
      /** Tokens the extraction model spent on the page's `json` format. */
      tokens: number
      /** The page cache key this document refreshes (batch scrapes, see scrape/cache.ts). */
      cacheKey?: string
    }
  | { ok: false; error: string }

/** What scraping one page takes from the crawl's run. */
export interface PageRun {
  db: Database
  allowPrivateUrls: boolean
  extractor: Extractor
  crawl: CrawlRow
  signal: AbortSignal
  /** The page's scrape options, read once per run (its `price` is the credits of the page). */
  plan: PagePlan
  /** The in-scope links of a page whose links the crawl follows. */
  discover: (item: Pending, statusCode: number, links: string[]) => URL[]
}

/** Fetches and builds one page (failures of the page itself become a failed outcome). */
export async function scrapeCrawlPage(run: PageRun, item: Pending): Promise<Outcome> {
  const { plan } = run
  const scrapeOptions = plan.options
  try {
    // Batch pages may come from the page cache; crawls fetch, for the links of the page itself.
    const cache =
      run.crawl.kind === 'batch'
        ? cachePolicy(new URL(item.url), scrapeOptions, {
            // As for a scrape: a page asking for a screenshot is never answered from the cache.
            usesBrowser: plan.browser.screenshot !== undefined,
            allowPrivateUrls: run.allowPrivateUrls,
          })
        : undefined
    const cached = cache ? await readCached(run.db, run.crawl.team_id, cache) : undefined
    // Already in the search index, and nothing was extracted: no tokens.
    if (cached) {
      const document = { ...cached, metadata: { ...cached.metadata, creditsUsed: plan.price } }
      return { ok: true, document, tokens: 0, links: [] }
    }
    const page = await fetchOrThrow(new URL(item.url), {
      allowPrivateUrls: run.allowPrivateUrls,
      timeoutMs: scrapeOptions.timeout ?? 30_000,
      headers: plan.headers,
      signal: run.signal,
    })
    const { document, parsed } = buildDocument(page, plan.document)
    const usage = await fillJsonFormat(document, page, parsed, plan.formats, run.extractor, run.signal)
    if (cache) document.metadata.cacheState = 'miss'
    document.metadata.creditsUsed = plan.price
    return {
      ok: true,
      document,
      tokens: usage?.totalTokens ?? 0,
      links: run.discover(item, page.statusCode, parsed.links),
      // The page's own options say it (an appended page's may differ from its batch's).
      ...(plan.retain ? { indexed: { page, parsed } } : {}),
      ...(cache?.store ? { cacheKey: cache.key } : {}),
    }
  } catch (error) {
    if (run.signal.aborted) throw new LeaseGone('aborted')
    return { ok: false, error: describe(error) }
  }
}

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = (error.extra.details as { reason?: string } | undefined)?.reason
    return reason ? `${error.error}: ${reason}` : error.error
  }
  return error instanceof Error ? error.message : String(error)
}
