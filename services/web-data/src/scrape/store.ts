import { randomUUID } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'
import { currentKeyId } from '../billing/context.js'
import { SCRAPE_RESULT_TTL_MS } from '../interact/scrape-jobs.js'
import type { FetchedPage } from '../net/fetch-page.js'
import type { ParsedPage } from './document.js'

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
