import { ApiError, Errors } from '../errors.js'
import { assertValidFormatSchemas } from '../extraction/json-format.js'
import { SHAPING_FIELDS } from '../scrape/cache.js'
import { assertFormatOptions } from '../scrape/formats.js'
import { webhookTarget } from '../webhooks/target.js'
import { paramsFromPrompt } from './params.js'
import type { CrawlOptions, PageOptions } from './rows.js'

/** Pages fetched at once by one crawl when the request does not say. */
export const DEFAULT_CONCURRENCY = 10

/** The fields of ScrapeOptions the scrape pipeline reads (422 when a `json` format's schema is not JSON Schema). */
export function pageOptions(
  input: Record<string, unknown> | undefined,
  zeroDataRetention = false,
  /** Where the options sit in the request body, for error details. */
  at: readonly string[] = ['scrapeOptions'],
): PageOptions {
  const o = input ?? {}
  const out: PageOptions = {}
  if (Array.isArray(o.formats)) out.formats = o.formats as PageOptions['formats']
  assertFormatOptions(out.formats, at)
  assertValidFormatSchemas(out.formats)
  if (typeof o.onlyMainContent === 'boolean') out.onlyMainContent = o.onlyMainContent
  if (Array.isArray(o.includeTags)) out.includeTags = o.includeTags as string[]
  if (Array.isArray(o.excludeTags)) out.excludeTags = o.excludeTags as string[]
  if (o.headers && typeof o.headers === 'object') out.headers = o.headers as Record<string, unknown>
  if (typeof o.timeout === 'number') out.timeout = o.timeout
  // The page cache (batch scrapes; crawls always fetch, see scrape/cache.ts): its options, and
  // every field that shapes a document, so that a batch page has the key a scrape of it has.
  for (const field of SHAPING_FIELDS)
    if (!(field in out) && o[field] !== undefined) (out as Record<string, unknown>)[field] = o[field]
  if (typeof o.maxAge === 'number') out.maxAge = o.maxAge
  if (typeof o.minAge === 'number') out.minAge = o.minAge
  if (typeof o.storeInCache === 'boolean') out.storeInCache = o.storeInCache
  if (zeroDataRetention) out.zeroDataRetention = true
  return out
}

/** Checks that every pattern compiles; 400 with the offending pattern otherwise. */
export function checkPatterns(field: string, patterns: string[] | undefined): void {
  for (const [i, p] of (patterns ?? []).entries()) {
    try {
      new RegExp(p)
    } catch (error) {
      throw new ApiError(400, Errors.badRequest, {
        details: [{ path: [field, i], message: `Invalid regular expression: ${(error as Error).message}` }],
      })
    }
  }
}

/**
 * The recorded options of a crawl: fields the caller sent (`sent`: the keys of the raw body;
 * validation fills in defaults, so `body` alone cannot tell), then what `prompt` derives, then
 * the values of `body` (defaults).
 */
export function crawlOptionsFrom(
  body: Record<string, unknown> & { url: string },
  sent: ReadonlySet<string> = new Set(Object.keys(body)),
): CrawlOptions {
  const derived =
    typeof body.prompt === 'string' && body.prompt ? paramsFromPrompt(body.url, body.prompt) : undefined
  const pick = <T>(key: string, fallback: T): T => {
    if (sent.has(key) && body[key] !== undefined) return body[key] as T
    const d = derived as Record<string, unknown> | undefined
    if (d?.[key] !== undefined && !(Array.isArray(d[key]) && (d[key] as unknown[]).length === 0))
      return d[key] as T
    return body[key] !== undefined ? (body[key] as T) : fallback
  }
  const zeroDataRetention = body.zeroDataRetention === true
  const options: CrawlOptions = {
    url: body.url,
    ...(typeof body.prompt === 'string' ? { prompt: body.prompt } : {}),
    includePaths: pick<string[]>('includePaths', []),
    excludePaths: pick<string[]>('excludePaths', []),
    sitemap: pick<'skip' | 'include' | 'only'>('sitemap', 'include'),
    ignoreQueryParameters: pick('ignoreQueryParameters', false),
    regexOnFullURL: pick('regexOnFullURL', false),
    limit: Math.max(1, pick('limit', 10_000)),
    crawlEntireDomain: pick('crawlEntireDomain', false),
    allowExternalLinks: pick('allowExternalLinks', false),
    allowSubdomains: pick('allowSubdomains', false),
    ignoreRobotsTxt: pick('ignoreRobotsTxt', false),
    maxConcurrency: Math.max(1, pick('maxConcurrency', DEFAULT_CONCURRENCY)),
    scrapeOptions: pageOptions(body.scrapeOptions as Record<string, unknown> | undefined, zeroDataRetention),
    zeroDataRetention,
  }
  const depth = pick<number | undefined>('maxDiscoveryDepth', undefined)
  if (depth !== undefined) options.maxDiscoveryDepth = depth
  const delay = pick<number | undefined>('delay', undefined)
  if (delay !== undefined && delay > 0) options.delay = delay
  if (typeof body.robotsUserAgent === 'string') options.robotsUserAgent = body.robotsUserAgent
  const webhook = webhookTarget(body.webhook)
  if (webhook) options.webhook = webhook
  checkPatterns('includePaths', options.includePaths)
  checkPatterns('excludePaths', options.excludePaths)
  return options
}
