/**
 * The search index of fetched pages, written behind the requests that record them. A page is
 * recorded with `search` NULL (migration 520); the indexer computes the vectors of unindexed pages
 * in small batches, in the background, as soon as pages are recorded and once at start (pages a
 * crash left unindexed). Search first indexes whatever of the team is still pending, so a page is
 * found by the search right after the request that fetched it, as before.
 */
import type { Database, Sql } from '@apiplatform/server-kit'

/** The weighted vector of a page: title > description > body. */
const SEARCH_VECTOR = `setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(markdown, '')), 'C')`

/**
 * The vector of the same URL's latest indexed page when its title, description and markdown are
 * those of the page `p` (a page fetched again unchanged): copied instead of parsed again, which
 * for a page of tens of kilobytes is milliseconds of to_tsvector. Lengths are compared first, as
 * PostgreSQL reads them without decompressing the stored text.
 */
const SAME_CONTENT_VECTOR = `SELECT q.search FROM (
    SELECT search, title, description, markdown FROM pages
    WHERE team_id = p.team_id AND final_url = p.final_url AND search IS NOT NULL
    ORDER BY id DESC LIMIT 1
  ) q
  WHERE octet_length(q.markdown) = octet_length(p.markdown) AND q.markdown = p.markdown
    AND q.title IS NOT DISTINCT FROM p.title AND q.description IS NOT DISTINCT FROM p.description`

/**
 * Indexes up to `limit` unindexed pages (of one team, or of all), oldest first; returns how many.
 * Rows another indexer holds are skipped (the background indexer: someone is on them) or waited
 * for (a search: it must see them indexed).
 */
export async function indexPendingPages(
  sql: Sql,
  options: { teamId?: string | undefined; limit?: number; waitForLocked?: boolean } = {},
): Promise<number> {
  const rows = await sql.query<{ id: string }>(
    `UPDATE pages p SET search = COALESCE((${SAME_CONTENT_VECTOR}), ${SEARCH_VECTOR})
     FROM (SELECT id FROM pages
           WHERE search IS NULL AND ($1::text IS NULL OR team_id = $1)
           ORDER BY id LIMIT $2 FOR UPDATE${options.waitForLocked ? '' : ' SKIP LOCKED'}) pending
     WHERE p.id = pending.id
     RETURNING p.id`,
    [options.teamId ?? null, options.limit ?? BATCH],
  )
  return rows.length
}

/** Indexes every page of the team that is still pending (before a search of the team). */
export async function indexTeamPages(sql: Sql, teamId: string): Promise<void> {
  // Until a pass finds nothing: a row waited for may have been indexed meanwhile, so a short batch
  // does not mean that none is left.
  while ((await indexPendingPages(sql, { teamId, waitForLocked: true })) > 0) {
    // more may be pending
  }
}

/**
 * Pages per statement. Small: the database runs one statement at a time (PGlite), and requests
 * queued behind a batch wait for all of it.
 */
const BATCH = 4

/**
 * How long the indexer lets recorded pages gather before its first batch. Indexing each scrape's
 * page on its own costs a statement (and a wake-up of the database's thread) per page; pages that
 * arrive within this window share one. Search never waits for it: it indexes the team's pending
 * pages itself.
 */
const GATHER_MS = 50

/** The background indexer of one database. */
export class SearchIndexer {
  private running: Promise<void> | undefined
  private again = false
  private stopped = false
  /** Ends the gathering wait early (on stop). */
  private endWait: (() => void) | undefined

  constructor(private readonly db: Database) {}

  /** Pages were recorded: index them soon (coalesced with a run in progress). */
  notify(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.run().finally(() => {
      this.running = undefined
      if (this.again && !this.stopped) {
        this.again = false
        this.notify()
      }
    })
  }

  /** Stops after the batch in progress. */
  async stop(): Promise<void> {
    this.stopped = true
    this.endWait?.()
    await this.running
  }

  private async run(): Promise<void> {
    // After the statement that recorded the pages has answered its request, and the pages
    // recorded right after it have joined them.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS)
      this.endWait = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    this.endWait = undefined
    try {
      // A short batch was the last one; pages recorded meanwhile have set `again`.
      while (!this.stopped && (await indexPendingPages(this.db)) === BATCH) {
        // Let requests in between batches.
        await new Promise((resolve) => setImmediate(resolve))
      }
    } catch (error) {
      // The pages stay pending: the next recorded page, the next start or a search indexes them.
      if (!this.stopped) console.error('search indexer: a batch failed', error)
    }
  }
}

const indexers = new WeakMap<Database, SearchIndexer>()

/** Starts the indexer of `db` (the service, once) and indexes what a previous run left pending. */
export function startSearchIndexer(db: Database): SearchIndexer {
  const indexer = new SearchIndexer(db)
  indexers.set(db, indexer)
  indexer.notify()
  return indexer
}

/**
 * Tells the indexer of `db` that pages were recorded. The functions that record pages take only a
 * database (or a transaction of it), so the indexer is found by database; without one (a test
 * of a single function) the pages wait for the next search.
 */
export function pagesRecorded(db: Database | Sql): void {
  indexers.get(db as Database)?.notify()
}
