import { randomUUID } from 'node:crypto'
import type { Database, JobQueue, Sql } from '@apiplatform/server-kit'
import type { ScrapeInput } from '../scrape/scrape.js'
import { queueWebhooks } from '../webhooks/outbox.js'
import type { WebhookTarget } from '../webhooks/target.js'

export const CRAWL_QUEUE = 'crawl'
/** How long results stay available after the job started. */
export const RESULT_TTL_MS = 24 * 60 * 60 * 1000

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

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

function row(r: Record<string, unknown>): CrawlRow {
  return { ...(r as unknown as CrawlRow), options: parse<CrawlOptions>(r.options) }
}

/**
 * Records a crawl (or batch scrape), its first pages and its durable job in the caller's
 * transaction: once the request is answered, the work is on disk.
 */
export async function createCrawl(
  tx: Sql,
  queue: JobQueue,
  input: {
    teamId: string
    kind: CrawlKind
    url?: string
    options: CrawlOptions
    /** Pages known from the start (batch scrapes): url and dedupe key. */
    pages?: Array<{ url: string; key: string }>
  },
): Promise<string> {
  const id = randomUUID()
  // Start and expiry are written from SQL's now(), which the test controls' clock moves (a column
  // default is not).
  await tx.query(
    `INSERT INTO crawls (id, team_id, kind, url, options, phase, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now(), now() + make_interval(secs => $7::double precision / 1000))`,
    [
      id,
      input.teamId,
      input.kind,
      input.url ?? null,
      JSON.stringify(input.options),
      input.kind === 'batch' ? 'pages' : 'seed',
      RESULT_TTL_MS,
    ],
  )
  if (input.pages && input.pages.length > 0) await insertPages(tx, id, input.pages, 0)
  const jobId = await queue.enqueue(tx, CRAWL_QUEUE, { crawlId: id }, { maxAttempts: 20 })
  await tx.query('UPDATE crawls SET job_id = $2 WHERE id = $1', [id, jobId])
  await queueWebhooks(tx, queue, input.options.webhook, {
    type: `${eventPrefix(input.kind)}.started`,
    id,
    success: true,
  })
  return id
}

/** Inserts pages, skipping keys the crawl already has. Returns the inserted ones. */
export async function insertPages(
  tx: Sql,
  crawlId: string,
  pages: Array<{ url: string; key: string }>,
  depth: number,
): Promise<Array<{ id: number; url: string; depth: number }>> {
  if (pages.length === 0) return []
  const rows = await tx.query<{ id: number | string; url: string; depth: number }>(
    `WITH added AS (
       INSERT INTO crawl_pages (crawl_id, url, url_key, depth)
       SELECT $1, u, k, $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(u, k, n) ORDER BY n
       ON CONFLICT (crawl_id, url_key) DO NOTHING
       RETURNING id, url, depth
     ), counted AS (
       UPDATE crawls SET pages_total = pages_total + (SELECT count(*) FROM added) WHERE id = $1
     )
     SELECT id, url, depth FROM added ORDER BY id`,
    [crawlId, pages.map((p) => p.url), pages.map((p) => p.key), depth],
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

/**
 * Locks the crawl's row while the job's lease is held by `workerId`, in one statement; returns the
 * crawl's status, or undefined when the lease is gone.
 */
export async function lockLeasedCrawl(
  tx: Sql,
  jobId: string,
  workerId: string,
  crawlId: string,
): Promise<string | undefined> {
  const owned = await tx.query<{ status: string }>(
    `SELECT c.status FROM jobs j JOIN crawls c ON c.id = $3
         WHERE j.id = $1 AND j.locked_by = $2 AND j.status = 'running' FOR UPDATE`,
    [jobId, workerId, crawlId],
  )
  return owned[0]?.status
}

/** The crawl's pages still to scrape, in the order they were added. */
export async function pendingPages(
  sql: Sql,
  crawlId: string,
): Promise<Array<{ id: number; url: string; depth: number }>> {
  const pending = await sql.query<{ id: number | string; url: string; depth: number }>(
    `SELECT id, url, depth FROM crawl_pages WHERE crawl_id = $1 AND status = 'pending' ORDER BY id`,
    [crawlId],
  )
  return pending.map((p) => ({ id: Number(p.id), url: p.url, depth: p.depth }))
}

/** Ends the seed step: the crawl's pages phase starts with its robots.txt recorded. */
export async function startPagesPhase(tx: Sql, crawlId: string, robotsTxt: string): Promise<void> {
  await tx.query(`UPDATE crawls SET phase = 'pages', robots_txt = $2 WHERE id = $1`, [crawlId, robotsTxt])
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

/** Marks a crawl that is still scraping completed; false when it had already ended. */
export async function completeCrawl(tx: Sql, crawlId: string): Promise<boolean> {
  const completed = await tx.query(
    `UPDATE crawls SET status = 'completed', completed_at = now() WHERE id = $1 AND status = 'scraping'
         RETURNING id`,
    [crawlId],
  )
  return completed.length > 0
}

/** Fails the crawl with `error`, adding the credits its last pages cost. */
export async function failCrawl(tx: Sql, crawlId: string, credits: number, error: string): Promise<void> {
  await tx.query(
    `UPDATE crawls SET status = 'failed', error = $3, completed_at = now(), credits_used = credits_used + $2
           WHERE id = $1`,
    [crawlId, credits, error],
  )
}

export async function getCrawl(sql: Sql, id: string): Promise<CrawlRow | undefined> {
  const rows = await sql.query<Record<string, unknown>>('SELECT * FROM crawls WHERE id = $1', [id])
  return rows[0] && row(rows[0])
}

/** The crawl of this team and kind, or undefined (another team's crawl is not found either). */
export async function getTeamCrawl(
  sql: Sql,
  teamId: string,
  kind: CrawlKind,
  id: string,
): Promise<CrawlRow | undefined> {
  const rows = await sql.query<Record<string, unknown>>(
    'SELECT * FROM crawls WHERE id = $1 AND team_id = $2 AND kind = $3',
    [id, teamId, kind],
  )
  return rows[0] && row(rows[0])
}

export async function activeCrawls(sql: Sql, teamId: string): Promise<CrawlRow[]> {
  const rows = await sql.query<Record<string, unknown>>(
    `SELECT * FROM crawls WHERE team_id = $1 AND kind = 'crawl' AND status = 'scraping' ORDER BY created_at`,
    [teamId],
  )
  return rows.map(row)
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

/** Marks a running crawl cancelled. Returns the status it had. */
export async function cancelCrawl(db: Database, id: string): Promise<CrawlStatus | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ status: CrawlStatus }>(
      'SELECT status FROM crawls WHERE id = $1 FOR UPDATE',
      [id],
    )
    const before = rows[0]?.status
    if (before === 'scraping') {
      await tx.query(`UPDATE crawls SET status = 'cancelled', completed_at = now() WHERE id = $1`, [id])
    }
    return before
  })
}

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : undefined)

/** The status body of GET /v2/crawl/{id} and GET /v2/batch/scrape/{id}. */
export async function statusBody(
  sql: Sql,
  crawl: CrawlRow,
  options: { skip: number; maxBytes: number; selfUrl: string },
) {
  // Nothing to read past the finished pages (pollers often ask for progress alone that way).
  const { documents, more } =
    options.skip >= crawl.pages_done
      ? { documents: [], more: false }
      : await pageDocuments(sql, crawl.id, options.skip, options.maxBytes)
  let next: string | null = null
  if (more) {
    const url = new URL(options.selfUrl)
    url.search = ''
    url.searchParams.set('skip', String(options.skip + documents.length))
    next = url.toString()
  }
  const created = new Date(crawl.created_at)
  const completedAt = iso(crawl.completed_at)
  return {
    success: true as const,
    status: crawl.status,
    total: crawl.pages_total,
    completed: crawl.pages_done,
    creditsUsed: Number(crawl.credits_used),
    expiresAt: new Date(crawl.expires_at).toISOString(),
    createdAt: created.toISOString(),
    ...(completedAt
      ? {
          completedAt,
          duration: (new Date(completedAt).getTime() - created.getTime()) / 1000,
        }
      : {}),
    next,
    data: documents as never[],
  }
}
