/**
 * The page cache of POST /v2/scrape and of batch scrapes. A page may be answered with a document
 * this team scraped earlier with the same document-shaping options, when it is younger than
 * `maxAge` (default two days) and at least `minAge` old. A fresh scrape refreshes the cache unless
 * `storeInCache` is false. `maxAge: 0` bypasses it completely (no read, no write, no
 * `cacheState`), as do zero data retention and scrapes that need the browser (their result
 * depends on the session's actions). Crawls always fetch: they follow the links of the page
 * itself, which a cached document does not keep.
 */
import { createHash } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'
import stringify from 'safe-stable-stringify'
import { cachedRow } from './store.js'
import type { ScrapedDocument } from './types.js'

/** The spec's default `maxAge`: two days. */
export const DEFAULT_MAX_AGE_MS = 172_800_000

/** The request fields that change the document (everything else, e.g. `timeout`, does not). */
export const SHAPING_FIELDS = [
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
  // Only scrapes take the detector; `false` there is the same document as a batch page without it.
  if (shaping.checkPromptInjection === false) delete shaping.checkPromptInjection
  const key = createHash('sha256')
    .update(stringify([page.toString(), shaping]) ?? '')
    .digest('base64url')
  return { key, maxAgeMs, minAgeMs: Math.max(0, input.minAge ?? 0), store: input.storeInCache !== false }
}

/** The cached document the policy admits, if any, marked as a hit (`cacheState`, `cachedAt`). */
export async function readCached(
  sql: Sql,
  teamId: string,
  policy: CachePolicy,
): Promise<ScrapedDocument | undefined> {
  const row = await cachedRow(sql, teamId, policy.key, policy.maxAgeMs, policy.minAgeMs)
  // The document may be gone (an expired scrape job or batch): a miss.
  if (!row?.document) return undefined
  const document =
    typeof row.document === 'string' ? (JSON.parse(row.document) as ScrapedDocument) : row.document
  // What the first request's answer said about itself is not part of the page.
  const { scrapeId: _scrapeId, cacheState: _state, cachedAt: _at, ...metadata } = document.metadata
  return {
    ...document,
    metadata: { ...metadata, cacheState: 'hit', cachedAt: new Date(row.cached_at).toISOString() },
  }
}
