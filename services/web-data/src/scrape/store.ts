import { randomUUID } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'
import { currentKeyId } from '../billing/context.js'
import { SCRAPE_RESULT_TTL_MS } from '../interact/scrape-jobs.js'
import type { FetchedPage } from '../net/fetch-page.js'
import type { ParsedPage } from './document.js'
import type { ScrapedDocument } from './types.js'

/** Records a fetched page for search; skipped for zero-data-retention requests. */
export function recordPage(sql: Sql, teamId: string, page: FetchedPage, parsed: ParsedPage): Promise<void> {
  return recordPages(sql, teamId, [{ page, parsed }])
}

/** A fetched page as the search index records it. */
export interface IndexedPage {
  page: FetchedPage
  parsed: ParsedPage
}

/** Records several fetched pages for search in one statement. */
export async function recordPages(sql: Sql, teamId: string, pages: readonly IndexedPage[]): Promise<void> {
  if (pages.length === 0) return
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  await sql.query(
    `INSERT INTO pages (team_id, url, final_url, status_code, title, description, markdown)
     SELECT $1, u, f, s, t, d, m FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[])
       WITH ORDINALITY AS x(u, f, s, t, d, m, n) ORDER BY n`,
    [
      teamId,
      pages.map((p) => p.page.url),
      pages.map((p) => p.page.finalUrl),
      pages.map((p) => p.page.statusCode),
      pages.map((p) => str(p.parsed.metadata.title)),
      pages.map((p) => str(p.parsed.metadata.description)),
      pages.map((p) => p.parsed.markdown),
    ],
  )
}

/**
 * Commits a finished scrape in one statement (so atomically, without a transaction's extra round
 * trips): the charge, its ledger row, the page index row (`index`: not for zero data retention,
 * nor for a document served from the cache, already indexed), the page cache row (`cache`), the
 * scrape job and the team's activity row (GET /v2/team/activity; the limits middleware leaves this
 * operation's row to this statement). Returns false, and writes nothing, when the team cannot pay.
 */
export async function recordScrape(
  sql: Sql,
  input: {
    teamId: string
    price: number
    jobId: string
    url: string
    finalUrl: string
    index: { statusCode: number; parsed: ParsedPage } | null
    /** The cache row to write (its key), with `document`. */
    cacheKey: string | null
    document: Record<string, unknown> | null
    usedBrowser: boolean
    /** Tokens the extraction model spent, recorded on the charge's ledger row. */
    tokens: number
    /** The URL as the request gave it (the activity row's target). */
    requestedUrl: string
  },
): Promise<boolean> {
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  const metadata = input.index?.parsed.metadata
  const document = input.document === null ? null : JSON.stringify(input.document)
  const rows = await sql.query(
    `WITH c AS (
       UPDATE teams SET credits_remaining = credits_remaining - $2
       WHERE id = $1 AND credits_remaining >= $2 RETURNING id
     ), l AS (
       INSERT INTO credit_ledger (team_id, delta, reason, reference, key_id, tokens)
       SELECT $1, -$2::bigint, 'scrape', $3, $4, $15 FROM c
     ), p AS (
       INSERT INTO pages (team_id, url, final_url, status_code, title, description, markdown)
       SELECT $1, $5, $3, $6, $7, $8, $9 FROM c WHERE $10::boolean
     ), a AS (
       INSERT INTO team_activity (id, team_id, key_id, endpoint, target)
       SELECT $16, $1, $4, 'scrape', $17 FROM c
     ), k AS (
       INSERT INTO scrape_cache (team_id, cache_key, job_id)
       SELECT $1, $18, $11 FROM c WHERE $18::text IS NOT NULL AND $12::text IS NOT NULL
       ON CONFLICT (team_id, cache_key)
       DO UPDATE SET job_id = EXCLUDED.job_id, crawl_page_id = NULL, cached_at = now()
     )
     INSERT INTO scrape_jobs (id, team_id, url, final_url, document, used_browser, expires_at)
     SELECT $11, $1, $5, $3, $12::jsonb, $13, now() + make_interval(secs => $14::double precision / 1000) FROM c
     RETURNING id`,
    [
      input.teamId,
      input.price,
      input.finalUrl,
      currentKeyId(),
      input.url,
      input.index?.statusCode ?? null,
      str(metadata?.title),
      str(metadata?.description),
      input.index?.parsed.markdown ?? null,
      input.index !== null,
      input.jobId,
      document,
      input.usedBrowser,
      SCRAPE_RESULT_TTL_MS,
      input.tokens,
      randomUUID(),
      input.requestedUrl.slice(0, 2000),
      input.cacheKey,
    ],
  )
  return rows.length > 0
}

/**
 * The page cache's row for `key` when younger than `maxAgeMs` and at least `minAgeMs` old, with
 * the document of the scrape job or batch page it points at (null once that is gone).
 */
export async function cachedRow(
  sql: Sql,
  teamId: string,
  key: string,
  maxAgeMs: number,
  minAgeMs: number,
): Promise<{ document: ScrapedDocument | string | null; cached_at: Date | string } | undefined> {
  const rows = await sql.query<{ document: ScrapedDocument | string | null; cached_at: Date | string }>(
    `SELECT COALESCE(j.document, p.document) AS document, c.cached_at FROM scrape_cache c
     LEFT JOIN scrape_jobs j ON j.id = c.job_id
     LEFT JOIN crawl_pages p ON p.id = c.crawl_page_id AND p.status = 'done'
     WHERE c.team_id = $1 AND c.cache_key = $2
       AND c.cached_at > now() - make_interval(secs => $3::double precision / 1000)
       AND c.cached_at <= now() - make_interval(secs => $4::double precision / 1000)`,
    [teamId, key, maxAgeMs, minAgeMs],
  )
  return rows[0]
}

/** Points the cache at batch pages just stored (`crawlPageId`), in the transaction that stores them. */
export async function cacheBatchPages(
  tx: Sql,
  teamId: string,
  pages: Array<{ key: string; crawlPageId: number }>,
): Promise<void> {
  // One row per key: ON CONFLICT cannot update a row twice in one statement.
  const byKey = new Map(pages.map((p) => [p.key, p.crawlPageId]))
  if (byKey.size === 0) return
  await tx.query(
    `INSERT INTO scrape_cache (team_id, cache_key, crawl_page_id)
     SELECT $1, k, i FROM unnest($2::text[], $3::bigint[]) AS t(k, i)
     ON CONFLICT (team_id, cache_key)
     DO UPDATE SET job_id = NULL, crawl_page_id = EXCLUDED.crawl_page_id, cached_at = now()`,
    [teamId, [...byKey.keys()], [...byKey.values()]],
  )
}
