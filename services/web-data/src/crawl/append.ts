import type { JobQueue, Sql } from '@apiplatform/server-kit'
import { ApiError, Errors } from '../errors.js'
import type { WebhookTarget } from '../webhooks/target.js'
import { insertPages } from './page-store.js'
import { type CrawlStatus, type PageOptions, parse } from './rows.js'
import { CRAWL_JOB_ATTEMPTS, CRAWL_QUEUE } from './store.js'

export interface BatchAppend {
  teamId: string
  /** The batch scrape the pages join (`appendToId`). */
  id: string
  /** Distinct URLs of the request, with their dedupe keys. */
  pages: Array<{ url: string; key: string }>
  /** The scrape options of the appending request: its pages are scraped with them. */
  scrapeOptions: PageOptions
  /** The request's webhook, if it sent one: it must be the batch's own. */
  webhook?: WebhookTarget
}

/**
 * Adds the URLs of a request to a team's batch scrape (POST /v2/batch/scrape with `appendToId`),
 * in the caller's transaction; returns how many pages were added (URLs the batch already has are
 * not). The batch's row stays locked until the transaction ends, so appends to one batch, and the
 * job's completion (which checks for pending pages under the same lock), take turns: no page is
 * lost between a run reading its pages and the batch completing. 404 for an unknown batch or
 * another team's, 409 for one that was cancelled or failed (nothing is written).
 */
export async function appendToBatch(tx: Sql, queue: JobQueue, input: BatchAppend): Promise<number> {
  const options = JSON.stringify(input.scrapeOptions)
  const rows = await tx.query<{ status: CrawlStatus; same_options: boolean; same_webhook: boolean }>(
    `SELECT status, options->'scrapeOptions' = $3::jsonb AS same_options,
            options->'webhook' IS NOT DISTINCT FROM $4::jsonb AS same_webhook
       FROM crawls WHERE id = $1 AND team_id = $2 AND kind = 'batch' FOR UPDATE`,
    [input.id, input.teamId, options, input.webhook ? JSON.stringify(input.webhook) : null],
  )
  const batch = rows[0]
  if (!batch) throw new ApiError(404, Errors.notFound)
  if (batch.status === 'cancelled' || batch.status === 'failed') {
    throw new ApiError(409, Errors.conflict, {
      code: 'BATCH_SCRAPE_ENDED',
      details: { reason: `The batch scrape was ${batch.status}; start a new batch scrape instead.` },
    })
  }
  // The batch's events go to the one webhook it started with; a second one would get none of them.
  if (input.webhook && !batch.same_webhook) {
    throw new ApiError(400, Errors.badRequest, {
      details: [
        {
          path: ['webhook'],
          message:
            "A batch scrape keeps the webhook it started with; leave webhook out or send the batch's own.",
        },
      ],
    })
  }
  const appendId = batch.same_options ? null : await optionsOfAppend(tx, input.id, options)
  const added = await insertPages(tx, input.id, input.pages, 0, appendId)
  if (batch.status === 'completed' && added.length > 0) {
    // The batch's job ended with its completion: a new one scrapes the new pages.
    const jobId = await queue.enqueue(
      tx,
      CRAWL_QUEUE,
      { crawlId: input.id },
      { maxAttempts: CRAWL_JOB_ATTEMPTS },
    )
    await tx.query(`UPDATE crawls SET status = 'scraping', completed_at = NULL, job_id = $2 WHERE id = $1`, [
      input.id,
      jobId,
    ])
  }
  return added.length
}

/** The id of the batch's append options equal to `options` (JSON), recorded on first use. */
async function optionsOfAppend(tx: Sql, crawlId: string, options: string): Promise<number> {
  const known = await tx.query<{ id: number | string }>(
    'SELECT id FROM crawl_appends WHERE crawl_id = $1 AND scrape_options = $2::jsonb ORDER BY id LIMIT 1',
    [crawlId, options],
  )
  const id =
    known[0]?.id ??
    (
      await tx.query<{ id: number | string }>(
        'INSERT INTO crawl_appends (crawl_id, scrape_options) VALUES ($1, $2::jsonb) RETURNING id',
        [crawlId, options],
      )
    )[0]?.id
  return Number(id)
}

/** The scrape options of the batch's appends, by append id (what its pending pages point at). */
export async function appendOptions(sql: Sql, crawlId: string): Promise<Map<number, PageOptions>> {
  const rows = await sql.query<{ id: number | string; scrape_options: unknown }>(
    'SELECT id, scrape_options FROM crawl_appends WHERE crawl_id = $1',
    [crawlId],
  )
  return new Map(rows.map((r) => [Number(r.id), parse<PageOptions>(r.scrape_options)]))
}
