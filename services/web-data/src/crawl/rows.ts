import type { ScrapeInput } from '../scrape/types.js'
import type { WebhookTarget } from '../webhooks/target.js'

export type CrawlKind = 'crawl' | 'batch'
export type CrawlStatus = 'scraping' | 'completed' | 'failed' | 'cancelled'

/** Scrape options applied to every page (the ScrapeOptions of the API, as far as this service reads them). */
export type PageOptions = Omit<ScrapeInput, 'url'>

/** The options of a crawl as recorded (the request after defaults and the prompt). */
export interface CrawlOptions {
  url?: string
  prompt?: string
  includePaths?: string[]
  excludePaths?: string[]
  maxDiscoveryDepth?: number
  sitemap: 'skip' | 'include' | 'only'
  ignoreQueryParameters: boolean
  regexOnFullURL: boolean
  limit: number
  crawlEntireDomain: boolean
  allowExternalLinks: boolean
  allowSubdomains: boolean
  ignoreRobotsTxt: boolean
  robotsUserAgent?: string
  delay?: number
  maxConcurrency: number
  scrapeOptions: PageOptions
  zeroDataRetention: boolean
  /** Where the crawl's events are delivered (see webhooks/outbox.ts). */
  webhook?: WebhookTarget
}

/** The prefix of a crawl's webhook event types: `crawl.page`, `batch_scrape.page`, … */
export const eventPrefix = (kind: CrawlKind) => (kind === 'batch' ? 'batch_scrape' : 'crawl')

export interface CrawlRow {
  id: string
  team_id: string
  kind: CrawlKind
  url: string | null
  options: CrawlOptions
  status: CrawlStatus
  phase: 'seed' | 'pages'
  robots_txt: string | null
  credits_used: number
  /** Pages accepted, and those scraped (kept by the statements that add and finish pages). */
  pages_total: number
  pages_done: number
  created_at: string | Date
  completed_at: string | Date | null
  expires_at: string | Date
}

export const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

export function row(r: Record<string, unknown>): CrawlRow {
  return { ...(r as unknown as CrawlRow), options: parse<CrawlOptions>(r.options) }
}
