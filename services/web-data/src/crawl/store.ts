import { randomUUID } from 'node:crypto'
import type { Database, JobQueue, Sql } from '@apiplatform/server-kit'
import { queueWebhooks } from '../webhooks/outbox.js'
import { insertPages } from './page-store.js'
import {
  type CrawlKind,
  type CrawlOptions,
  type CrawlRow,
  type CrawlStatus,
  eventPrefix,
  row,
} from './rows.js'

export const CRAWL_QUEUE = 'crawl'
/** Runs of a crawl's job before the queue gives it up. */
export const CRAWL_JOB_ATTEMPTS = 20
/** How long results stay available after the job started. */
export const RESULT_TTL_MS = 24 * 60 * 60 * 1000

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
  const jobId = await queue.enqueue(tx, CRAWL_QUEUE, { crawlId: id }, { maxAttempts: CRAWL_JOB_ATTEMPTS })
  await tx.query('UPDATE crawls SET job_id = $2 WHERE id = $1', [id, jobId])
  await queueWebhooks(tx, queue, input.options.webhook, {
    type: `${eventPrefix(input.kind)}.started`,
    id,
    success: true,
  })
  return id
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

/** Ends the seed step: the crawl's pages phase starts with its robots.txt recorded. */
export async function startPagesPhase(tx: Sql, crawlId: string, robotsTxt: string): Promise<void> {
  await tx.query(`UPDATE crawls SET phase = 'pages', robots_txt = $2 WHERE id = $1`, [crawlId, robotsTxt])
}

/**
 * Whether the crawl has pages still pending, read under the lock of its row (taken first, in a
 * statement of its own: the count then sees every append that committed while this waited for it).
 */
export async function lockWithPendingPages(tx: Sql, crawlId: string): Promise<boolean> {
  await tx.query('SELECT id FROM crawls WHERE id = $1 FOR UPDATE', [crawlId])
  const pending = await tx.query(
    `SELECT 1 FROM crawl_pages WHERE crawl_id = $1 AND status = 'pending' LIMIT 1`,
    [crawlId],
  )
  return pending.length > 0
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
