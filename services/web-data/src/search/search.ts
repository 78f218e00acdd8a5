import { randomUUID } from 'node:crypto'
import type { Database } from '@apiplatform/server-kit'
import { balance, charge, Prices } from '../billing/credits.js'
import { ApiError, Errors } from '../errors.js'
import type { Extractor } from '../extraction/extractor.js'
import { assertValidFormatSchemas, fillJsonFormat } from '../extraction/json-format.js'
import { recordTokens } from '../extraction/token-usage.js'
import { assertFormatOptions } from '../scrape/formats.js'
import { planPages, type ScrapeOptions } from '../scrape/plan.js'
import { buildDocument, fetchOrThrow } from '../scrape/scrape.js'
import { recordPage } from '../scrape/store.js'
import { type IndexHit, readTbs, type SearchFilters, searchIndex } from './index.js'
import { pagesRecorded } from './indexer.js'

type Source = 'web' | 'images' | 'news'
type Category = 'github' | 'research' | 'pdf' | 'developer'

/** A source's or category's name: given by name (the short form, as the SDKs send it) or as `{type}`. */
const nameOf = <T extends string>(item: T | { type: T }): T => (typeof item === 'string' ? item : item.type)

export interface SearchRequest {
  query: string
  limit?: number
  sources?: ReadonlyArray<Source | { type: Source; tbs?: string; location?: string }>
  categories?: ReadonlyArray<Category | { type: Category }>
  includeDomains?: string[]
  excludeDomains?: string[]
  tbs?: string
  timeout?: number
  /** Present (with formats) only when the caller asked for results to be scraped. */
  scrape?: ScrapeOptions
}

export interface WebResult {
  title: string
  description: string
  url: string
  markdown?: string | null
  html?: string | null
  rawHtml?: string | null
  links?: string[]
  metadata?: Record<string, unknown>
}

export interface SearchResult {
  id: string
  creditsUsed: number
  warning: string | null
  data: {
    web?: WebResult[]
    images?: Array<{ title: string; imageUrl: string; url: string; position: number }>
    news?: Array<{ title: string; snippet: string; url: string; date: string; position: number }>
  }
}

/** Hosts of the `categories` of a search. */
const CATEGORY_HOSTS: Record<Exclude<Category, 'pdf'>, string[]> = {
  github: ['github.com', 'gist.github.com'],
  research: [
    'arxiv.org',
    'scholar.google.com',
    'semanticscholar.org',
    'researchgate.net',
    'nature.com',
    'acm.org',
    'ieee.org',
    'pubmed.ncbi.nlm.nih.gov',
    'biorxiv.org',
  ],
  // Issues, pull requests, READMEs and documentation: code hosts, Q&A and package documentation.
  developer: [
    'github.com',
    'gitlab.com',
    'bitbucket.org',
    'stackoverflow.com',
    'developer.mozilla.org',
    'readthedocs.io',
    'docs.rs',
    'pkg.go.dev',
    'npmjs.com',
    'pypi.org',
  ],
}

/** Price of the search part: 2 credits per started block of 10 results. */
export function searchPrice(results: number): number {
  return Math.ceil(results / 10) * Prices.searchPer10Results
}

export interface SearchDeps {
  db: Database
  allowPrivateUrls: boolean
  /** Fills the `json` format of scraped results. */
  extractor: Extractor
}

/**
 * POST /v2/search: ranked full-text search over the pages the team has fetched, optionally
 * scraping each web result again through the scrape pipeline (guarded fetch, formats, index).
 */
export async function runSearch(
  deps: SearchDeps,
  teamId: string,
  request: SearchRequest,
): Promise<SearchResult> {
  const deadline = Date.now() + (request.timeout ?? 60_000)
  if (request.scrape) {
    assertFormatOptions(request.scrape.formats, ['scrapeOptions'])
    assertValidFormatSchemas(request.scrape.formats)
  }
  const limit = request.limit ?? 10
  const sources = new Set<Source>((request.sources?.length ? request.sources : ['web' as const]).map(nameOf))
  const webSource = request.sources?.find(
    (s): s is { type: 'web'; tbs?: string } => typeof s === 'object' && s.type === 'web',
  )
  if ((await balance(deps.db, teamId)) < Prices.searchPer10Results)
    throw new ApiError(402, Errors.paymentRequired)

  const filters: SearchFilters = {
    ...(request.includeDomains?.length ? { includeDomains: request.includeDomains } : {}),
    ...(request.excludeDomains?.length ? { excludeDomains: request.excludeDomains } : {}),
    ...readTbs(webSource?.tbs ?? request.tbs),
  }
  const categories = new Set((request.categories ?? []).map(nameOf))
  if (categories.size > 0) {
    const hosts = [...categories].flatMap((c) => (c === 'pdf' ? [] : CATEGORY_HOSTS[c]))
    if (hosts.length > 0 && !categories.has('pdf')) filters.hosts = hosts
    if (categories.has('pdf') && hosts.length === 0) filters.pdfOnly = true
  }
  const hits = await searchIndex(deps.db, teamId, request.query, limit, filters)

  const data: SearchResult['data'] = {}
  const warnings: string[] = []
  let results = 0
  let scrapeCredits = 0
  let tokens = 0
  const scraped: Array<{ hit: IndexHit; result: WebResult; recorded?: () => Promise<void> }> = []

  if (sources.has('web')) {
    data.web = hits.map((hit) => ({
      title: hit.title ?? hit.url,
      description: hit.description ?? hit.snippet,
      url: hit.url,
    }))
    results += data.web.length
    if (request.scrape) {
      const plan = planPages(request.scrape)
      const perPage = plan.price
      const needed = searchPrice(results) + perPage * hits.length
      if ((await balance(deps.db, teamId)) < needed) throw new ApiError(402, Errors.paymentRequired)
      for (const [i, hit] of hits.entries()) {
        const result = data.web[i] as WebResult
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new ApiError(408, Errors.requestTimeout)
        try {
          const page = await fetchOrThrow(new URL(hit.url), {
            allowPrivateUrls: deps.allowPrivateUrls,
            timeoutMs: Math.min(remaining, request.scrape.timeout ?? 60_000),
          })
          const { document, parsed } = buildDocument(page, plan.document)
          const usage = await fillJsonFormat(document, page, parsed, plan.formats, deps.extractor)
          tokens += usage?.totalTokens ?? 0
          if (typeof document.warning === 'string') warnings.push(document.warning)
          delete document.warning
          document.metadata.creditsUsed = perPage
          Object.assign(result, document)
          scrapeCredits += perPage
          scraped.push({
            hit,
            result,
            ...(plan.retain ? { recorded: () => recordPage(deps.db, teamId, page, parsed) } : {}),
          })
        } catch (error) {
          if (Date.now() >= deadline) throw new ApiError(408, Errors.requestTimeout)
          const reason = error instanceof ApiError ? error.error : String(error)
          result.metadata = { sourceURL: hit.url, url: hit.url, error: reason }
        }
      }
    }
  }
  if (sources.has('images')) {
    const images: NonNullable<SearchResult['data']['images']> = []
    for (const hit of hits) {
      for (const match of hit.markdown.matchAll(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g)) {
        if (images.length >= limit) break
        images.push({
          title: match[1] || hit.title || '',
          imageUrl: new URL(match[2] as string, hit.url).toString(),
          url: hit.url,
          position: images.length + 1,
        })
      }
    }
    data.images = images
    results += images.length
  }
  if (sources.has('news')) {
    data.news = [...hits]
      .sort((a, b) => b.fetchedAt.getTime() - a.fetchedAt.getTime())
      .map((hit, i) => ({
        title: hit.title ?? hit.url,
        snippet: hit.snippet || hit.description || '',
        url: hit.url,
        date: hit.fetchedAt.toISOString(),
        position: i + 1,
      }))
    results += data.news.length
  }

  const id = randomUUID()
  const credits = searchPrice(results) + scrapeCredits
  await deps.db.transaction(async (tx) => {
    if (!(await charge(tx, teamId, credits, 'search', id))) throw new ApiError(402, Errors.paymentRequired)
    // What the extraction model spent on the results' `json` formats (GET /v2/team/token-usage).
    await recordTokens(tx, teamId, tokens, 'search tokens', id)
  })
  for (const s of scraped) await s.recorded?.()
  if (scraped.some((s) => s.recorded)) pagesRecorded(deps.db)
  return {
    id,
    creditsUsed: credits,
    warning: warnings.length > 0 ? [...new Set(warnings)].join(' ') : null,
    data,
  }
}
