/**
 * A scrape request read once. `planScrape` turns the validated request of POST /v2/scrape into
 * everything the pipeline (scrape.ts) decides before it fetches: the URL, the formats, the price,
 * the cache policy and whether the browser loads the page. Crawls, batches and searches read
 * their stored `scrapeOptions` the same way, per job rather than per URL (`planPages`).
 */
import { Prices } from '../billing/credits.js'
import { type BrowserScrapeInput, needsBrowser, screenshotFormat } from '../browser/scrape.js'
import { ApiError, Errors } from '../errors.js'
import { type CachePolicy, cachePolicy } from './cache.js'
import { assertFormatOptions, type FormatRequest, readFormats } from './formats.js'
import type { ScrapeInput } from './types.js'

/** The options of a scrape without its URL: what crawls, batches and searches store. */
export type ScrapeOptions = Omit<ScrapeInput, 'url'>

/** The default `timeout` of POST /v2/scrape (ms). */
export const DEFAULT_SCRAPE_TIMEOUT_MS = 60_000

/** What a page's document is built from (see buildDocument): its formats and shaping options. */
export interface DocumentPlan {
  formats: FormatRequest
  onlyMainContent?: boolean | undefined
  includeTags?: string[] | undefined
  excludeTags?: string[] | undefined
  /**
   * Refuse (403) a page with injected instructions, when a `json` format is asked: the request's
   * `checkPromptInjection` or the `json` format's own.
   */
  checkPromptInjection?: boolean | undefined
}

/** Why a scrape loads its page in the browser from the start. */
export type BrowserReason = 'actions' | 'screenshot' | 'waitFor'

/** How a scrape uses the browser. */
export interface BrowserNeed {
  /**
   * The page is loaded in the browser (503 without one): the request has actions, a screenshot
   * format or `waitFor`. Otherwise it is fetched, and rendered in the browser only when its
   * content is built by its scripts (script-rendering.ts).
   */
  required: boolean
  reasons: BrowserReason[]
  /** The screenshot the browser takes, for a screenshot format. */
  screenshot?: BrowserScrapeInput['screenshot']
}

/** A scrape's options read once, without a URL: one per crawl, batch or search. */
export interface PagePlan {
  /** The requested formats, normalised (`markdown` when none). */
  formats: FormatRequest
  /** Credits of one page (`priceOf(formats)`). */
  price: number
  document: DocumentPlan
  browser: BrowserNeed
  /** The request's headers with a string value, sent with the fetch. */
  headers: Record<string, string>
  /** Documents and pages are recorded (not zero data retention). */
  retain: boolean
  options: ScrapeOptions
}

/** The whole of a POST /v2/scrape request, read once. */
export interface ScrapePlan extends PagePlan {
  url: URL
  /** The URL as the request spelled it (recorded with the scrape job). */
  requestedUrl: string
  /** How the page cache is used; undefined when the scrape bypasses it. */
  cache: CachePolicy | undefined
  timeoutMs: number
}

/** Credits of one page scraped in `formats`: a scrape, and a schema extraction for `json`. */
export function priceOf(formats: Pick<FormatRequest, 'json'>): number {
  return Prices.scrape + (formats.json ? Prices.jsonExtraction : 0)
}

/** An absolute http(s) URL, or 400 `Invalid URL`. */
export function parseHttpUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '') throw new ApiError(400, Errors.invalidUrl)
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new ApiError(400, Errors.invalidUrl)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new ApiError(400, Errors.invalidUrl)
  }
  return url
}

/** The document plan of `options`. */
export function planDocument(
  options: Pick<
    ScrapeOptions,
    'formats' | 'onlyMainContent' | 'includeTags' | 'excludeTags' | 'checkPromptInjection'
  >,
  formats: FormatRequest = readFormats(options.formats),
): DocumentPlan {
  // The real API's SDKs send the switch inside the `json` format, the spec's scrape request beside
  // it: either asks for the check, so a request that asked in one place is never left unscreened.
  const checkPromptInjection = formats.json?.checkPromptInjection ?? options.checkPromptInjection
  return {
    formats,
    ...(options.onlyMainContent !== undefined ? { onlyMainContent: options.onlyMainContent } : {}),
    ...(options.includeTags ? { includeTags: options.includeTags } : {}),
    ...(options.excludeTags ? { excludeTags: options.excludeTags } : {}),
    ...(checkPromptInjection !== undefined ? { checkPromptInjection } : {}),
  }
}

/** Whether (and why) the browser loads the page. */
export function browserNeed(options: Pick<ScrapeOptions, 'formats' | 'actions' | 'waitFor'>): BrowserNeed {
  const screenshot = screenshotFormat(options.formats)
  const reasons: BrowserReason[] = []
  if ((options.actions?.length ?? 0) > 0) reasons.push('actions')
  if (screenshot !== undefined) reasons.push('screenshot')
  if ((options.waitFor ?? 0) > 0) reasons.push('waitFor')
  return {
    required: needsBrowser({ actions: options.actions, waitFor: options.waitFor, screenshot }),
    reasons,
    ...(screenshot !== undefined ? { screenshot } : {}),
  }
}

/** The plan of stored scrape options (a crawl's, a batch's or a search's), read once per job. */
export function planPages(options: ScrapeOptions): PagePlan {
  const formats = readFormats(options.formats)
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(options.headers ?? {})) if (typeof v === 'string') headers[k] = v
  return {
    formats,
    price: priceOf(formats),
    document: planDocument(options, formats),
    browser: browserNeed(options),
    headers,
    retain: !options.zeroDataRetention,
    options,
  }
}

/**
 * The plan of a validated POST /v2/scrape request. 400 for a URL that is not http(s) and for a
 * question-like format without its text; the `json` schemas are checked by the caller (extraction/
 * owns JSON Schema).
 */
export function planScrape(input: ScrapeInput, context: { allowPrivateUrls: boolean }): ScrapePlan {
  const url = parseHttpUrl(input.url)
  assertFormatOptions(input.formats)
  const { url: requestedUrl, ...options } = input
  const pages = planPages(options)
  return {
    ...pages,
    url,
    requestedUrl,
    cache: cachePolicy(url, input, {
      usesBrowser: pages.browser.required,
      allowPrivateUrls: context.allowPrivateUrls,
    }),
    timeoutMs: input.timeout ?? DEFAULT_SCRAPE_TIMEOUT_MS,
  }
}
