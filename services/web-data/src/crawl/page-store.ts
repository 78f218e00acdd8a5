import type { Sql } from '@apiplatform/server-kit'
import { parse } from './rows.js'

/**
 * Inserts pages, skipping keys the crawl already has. Returns the inserted ones. `appendId` names
 * the scrape options of an append (see append.ts); without it the pages use the crawl's own.
 */
export async function insertPages(
  tx: Sql,
  crawlId: string,
  pages: Array<{ url: string; key: string }>,
  depth: number,
  appendId: number | null = null,
): Promise<Array<{ id: number; url: string; depth: number }>> {
  if (pages.length === 0) return []
  const rows = await tx.query<{ id: number | string; url: string; depth: number }>(
    `WITH added AS (
       INSERT INTO crawl_pages (crawl_id, url, url_key, depth, append_id)
       SELECT $1, u, k, $4, $5::bigint FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(u, k, n) ORDER BY n
       ON CONFLICT (crawl_id, url_key) DO NOTHING
       RETURNING id, url, depth
     ), counted AS (
       UPDATE crawls SET pages_total = pages_total + (SELECT count(*) FROM added) WHERE id = $1
     )
     SELECT id, url, depth FROM added ORDER BY id`,
    [crawlId, pages.map((p) => p.url), pages.map((p) => p.key), depth, appendId],
  )
  return rows.map((r) => ({ id: Number(r.id), url: r.url, depth: r.depth }))
}

/**
 * Inserts pages with their own depths, in order, skipping keys the crawl already has, while the
 * crawl has fewer than `limit` pages; returns the inserted ones. One statement: the caller holds
 * the crawl's row lock, so nothing else adds pages to it meanwhile and `pages_total` stays true.
 */
export async function insertPagesWithin(
  tx: Sql,
  crawlId: string,
  limit: number,
  pages: Array<{ url: string; key: string; depth: number }>,
): Promise<Array<{ id: number; url: string; depth: number }>> {
  if (pages.length === 0) return []
  const rows = await tx.query<{ id: number | string; url: string; depth: number }>(
    `WITH fresh AS (
       SELECT u, k, d, n FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS t(u, k, d, n)
       WHERE NOT EXISTS (SELECT 1 FROM crawl_pages p WHERE p.crawl_id = $1 AND p.url_key = t.k)
       ORDER BY n
       LIMIT greatest(0, $5::int - (SELECT pages_total FROM crawls WHERE id = $1))
     ), added AS (
       INSERT INTO crawl_pages (crawl_id, url, url_key, depth)
       SELECT $1, u, k, d FROM fresh ORDER BY n
       ON CONFLICT (crawl_id, url_key) DO NOTHING
       RETURNING id, url, depth
     ), counted AS (
       UPDATE crawls SET pages_total = pages_total + (SELECT count(*) FROM added) WHERE id = $1
     )
     SELECT id, url, depth FROM added ORDER BY id`,
    [crawlId, pages.map((p) => p.url), pages.map((p) => p.key), pages.map((p) => p.depth), limit],
  )
  return rows.map((r) => ({ id: Number(r.id), url: r.url, depth: r.depth }))
}

/**
 * Of `ids`, the pages still pending, locked until the transaction ends: a page another run of the
 * crawl already finished (a job taken over after its lease ran out) is neither charged nor counted again.
 */
export async function lockPendingPages(tx: Sql, ids: number[]): Promise<Set<number>> {
  const rows = await tx.query<{ id: string | number }>(
    `SELECT id FROM crawl_pages WHERE id = ANY($1::bigint[]) AND status = 'pending' ORDER BY id FOR UPDATE`,
    [ids],
  )
  return new Set(rows.map((r) => Number(r.id)))
}

/**
 * Marks pending pages done (with their document) or failed (with their error) and adds the done
 * ones and the credits they cost to the crawl's counts, in one statement.
 */
export async function finishPages(
  tx: Sql,
  crawlId: string,
  credits: number,
  pages: Array<{ id: number; status: string; document: string | null; error: string | null }>,
): Promise<void> {
  if (pages.length === 0 && credits === 0) return
  await tx.query(
    `WITH finished AS (
       UPDATE crawl_pages p SET status = t.s, document = t.d::jsonb, error = t.e, finished_at = now()
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS t(i, s, d, e)
       WHERE p.id = t.i AND p.status = 'pending'
       RETURNING p.status
     )
     UPDATE crawls SET credits_used = credits_used + $6,
       pages_done = pages_done + (SELECT count(*) FROM finished WHERE status = 'done')
     WHERE id = $5`,
    [
      pages.map((p) => p.id),
      pages.map((p) => p.status),
      pages.map((p) => p.document),
      pages.map((p) => p.error),
      crawlId,
      credits,
    ],
  )
}

/** The crawl's pages still to scrape, in the order they were added, with the append that added them. */
export async function pendingPages(
  sql: Sql,
  crawlId: string,
): Promise<Array<{ id: number; url: string; depth: number; appendId?: number }>> {
  const pending = await sql.query<{
    id: number | string
    url: string
    depth: number
    append_id: number | string | null
  }>(
    `SELECT id, url, depth, append_id FROM crawl_pages WHERE crawl_id = $1 AND status = 'pending' ORDER BY id`,
    [crawlId],
  )
  return pending.map((p) => ({
    id: Number(p.id),
    url: p.url,
    depth: p.depth,
    ...(p.append_id !== null ? { appendId: Number(p.append_id) } : {}),
  }))
}

/** Records the URLs robots.txt kept out of the crawl (each once). */
export async function recordRobotsBlocked(tx: Sql, crawlId: string, blocked: string[]): Promise<void> {
  if (blocked.length === 0) return
  await tx.query(
    `INSERT INTO crawl_robots_blocked (crawl_id, url) SELECT $1, u FROM unnest($2::text[]) AS t(u)
       ON CONFLICT DO NOTHING`,
    [crawlId, blocked],
  )
}

/**
 * The documents of finished pages from `skip` on, in discovery order, up to `maxBytes` of JSON
 * (at least one document). `more` says whether documents remain after these.
 */
export async function pageDocuments(
  sql: Sql,
  crawlId: string,
  skip: number,
  maxBytes: number,
): Promise<{ documents: unknown[]; more: boolean }> {
  const documents: unknown[] = []
  let bytes = 0
  let offset = skip
  const chunk = 200
  for (;;) {
    const rows = await sql.query<{ document: unknown }>(
      `SELECT document FROM crawl_pages WHERE crawl_id = $1 AND status = 'done' ORDER BY id OFFSET $2 LIMIT $3`,
      [crawlId, offset, chunk + 1],
    )
    for (const [i, r] of rows.entries()) {
      if (i === chunk) return { documents, more: true }
      const doc = parse<unknown>(r.document)
      const size = JSON.stringify(doc).length
      if (documents.length > 0 && bytes + size > maxBytes) return { documents, more: true }
      bytes += size
      documents.push(doc)
    }
    if (rows.length <= chunk) return { documents, more: false }
    offset += chunk
  }
}

/** The document of one finished page, as a list: empty for a failed page or one without a stored document. */
export async function finishedPageDocuments(sql: Sql, pageId: number): Promise<unknown[]> {
  const rows = await sql.query<{ document: unknown }>(
    'SELECT document FROM crawl_pages WHERE id = $1 AND document IS NOT NULL',
    [pageId],
  )
  return rows.map((r) => parse<unknown>(r.document))
}

export async function failedPages(
  sql: Sql,
  crawlId: string,
): Promise<Array<{ id: string; timestamp: string | null; url: string; error: string }>> {
  const rows = await sql.query<{
    id: number | string
    finished_at: string | Date | null
    url: string
    error: string | null
  }>(
    `SELECT id, finished_at, url, error FROM crawl_pages WHERE crawl_id = $1 AND status = 'failed' ORDER BY id`,
    [crawlId],
  )
  return rows.map((r) => ({
    id: String(r.id),
    timestamp: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    url: r.url,
    error: r.error ?? 'Unknown error',
  }))
}

export async function robotsBlocked(sql: Sql, crawlId: string): Promise<string[]> {
  const rows = await sql.query<{ url: string }>(
    'SELECT url FROM crawl_robots_blocked WHERE crawl_id = $1 ORDER BY url',
    [crawlId],
  )
  return rows.map((r) => r.url)
}
