/**
 * The page cache of POST /v2/scrape. A request may be answered with a document this team scraped
 * earlier with the same document-shaping options, when it is younger than `maxAge` (default two
 * days) and at least `minAge` old. A fresh scrape refreshes the cache unless `storeInCache` is
 * false. `maxAge: 0` bypasses it completely (no read, no write, no `cacheState`), as do zero data
 * retention and scrapes that need the browser (their result depends on the session's actions).
 */
import { createHash } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'
import stringify from 'safe-stable-stringify'
import type { ScrapedDocument } from './scrape.js'

/** The spec's default `maxAge`: two days. */
export const DEFAULT_MAX_AGE_MS = 172_800_000

/** The request fields that change the document (everything else, e.g. `timeout`, does not). */
const SHAPING_FIELDS = [
  'formats',
  'onlyMainContent',
  'onlyCleanContent',
  'includeTags',
  'excludeTags',
  'headers',
  'mobile',
  'location',
  'removeBase64Images',
  'blockAds',
  'proxy',
  'parsers',
  'skipTlsVerification',
  'checkPromptInjection',
  'lockdown',
  'redactPII',
] as const

export interface CacheOptions {
  maxAge?: number | undefined
  minAge?: number | undefined
  storeInCache?: boolean | undefined
  zeroDataRetention?: boolean | undefined
}

/** How one request uses the cache. */
export interface CachePolicy {
  key: string
  maxAgeMs: number
  minAgeMs: number
  store: boolean
}

/** The request's cache policy, or undefined when it bypasses the cache. */
export function cachePolicy(
  url: URL,
  input: CacheOptions & Record<string, unknown>,
  context: { usesBrowser: boolean; allowPrivateUrls: boolean },
): CachePolicy | undefined {
  const maxAgeMs = input.maxAge ?? DEFAULT_MAX_AGE_MS
  if (maxAgeMs <= 0 || input.zeroDataRetention === true || context.usesBrowser) return undefined
  const page = new URL(url)
  page.hash = ''
  // A document fetched while private addresses were allowed is never served once they are not.
  const shaping: Record<string, unknown> = { allowPrivateUrls: context.allowPrivateUrls }
  for (const field of SHAPING_FIELDS) if (input[field] !== undefined) shaping[field] = input[field]
  const key = createHash('sha256')
    .update(stringify([page.toString(), shaping]) ?? '')
    .digest('base64url')
  return { key, maxAgeMs, minAgeMs: Math.max(0, input.minAge ?? 0), store: input.storeInCache !== false }
}

/** The cached document the policy admits, if any. */
export async function readCached(
  sql: Sql,
  teamId: string,
  policy: CachePolicy,
): Promise<{ document: ScrapedDocument; cachedAt: Date } | undefined> {
  const rows = await sql.query<{ document: ScrapedDocument | string; cached_at: Date | string }>(
    `SELECT j.document, c.cached_at FROM scrape_cache c JOIN scrape_jobs j ON j.id = c.job_id
     WHERE c.team_id = $1 AND c.cache_key = $2 AND j.document IS NOT NULL
       AND c.cached_at > now() - make_interval(secs => $3::double precision / 1000)
       AND c.cached_at <= now() - make_interval(secs => $4::double precision / 1000)`,
    [teamId, policy.key, policy.maxAgeMs, policy.minAgeMs],
  )
  const row = rows[0]
  if (!row) return undefined
  const document =
    typeof row.document === 'string' ? (JSON.parse(row.document) as ScrapedDocument) : row.document
  // What the first request's answer said about itself is not part of the page.
  const { scrapeId: _scrapeId, cacheState: _state, cachedAt: _at, ...metadata } = document.metadata
  return { document: { ...document, metadata }, cachedAt: new Date(row.cached_at) }
}
