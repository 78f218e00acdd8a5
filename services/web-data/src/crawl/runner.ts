import type { Database, Job, JobContext, JobHandler, JobQueue, Sql } from '@apiplatform/server-kit'
import { chargeEach } from '../billing/credits.js'
import type { Extractor } from '../extraction/extractor.js'
import { readFormats } from '../scrape/formats.js'
import { type PagePlan, planPages, priceOf } from '../scrape/plan.js'
import { cacheBatchPages, recordPages } from '../scrape/store.js'
import { pagesRecorded } from '../search/indexer.js'
import { queueWebhooks, type WebhookEvent } from '../webhooks/outbox.js'
import { appendOptions } from './append.js'
import { type FinishedPage, GroupCommit } from './group-commit.js'
import {
  finishPages,
  insertPages,
  insertPagesWithin,
  lockPendingPages,
  pendingPages,
  recordRobotsBlocked,
} from './page-store.js'
import { CRAWLER_AGENT, fetchRobotsTxt, parseRobots } from './robots.js'
import { type CrawlOptions, type CrawlRow, eventPrefix } from './rows.js'
import { LeaseGone, MorePages, Stop } from './run-errors.js'
import { CrawlScope } from './scope.js'
import { type Outcome, type Pending, scrapeCrawlPage } from './scrape-page.js'
import { readSitemaps } from './sitemap.js'
import {
  completeCrawl,
  failCrawl,
  getCrawl,
  lockLeasedCrawl,
  lockWithPendingPages,
  startPagesPhase,
} from './store.js'
import { inScope, toHttpUrl } from './urls.js'

export interface CrawlRunnerDeps {
  db: Database
  /** Where webhook deliveries are queued. */
  queue: JobQueue
  allowPrivateUrls: boolean
  /** The id this process's queue claims jobs with (the lease holder). */
  workerId: () => string
  /** Fills the `json` format of each page. */
  extractor: Extractor
}

/** Credits of one page scraped with these options. */
export function pagePrice(options: Pick<CrawlOptions, 'scrapeOptions'>): number {
  return priceOf(readFormats(options.scrapeOptions.formats))
}

/**
 * Runs crawls and batch scrapes. One job per crawl; the handler keeps a pool of
 * `maxConcurrency` page fetches going and commits finished pages in batches (group commit: every
 * page that finished while the previous commit ran), in a transaction that first checks this
 * worker still holds the job's lease. A page's document, its credits, the links it adds
 * (deduplicated by the unique `(crawl_id, url_key)`) and its `done` mark commit together, so after
 * a crash the next worker picks up exactly the pages still `pending`: a crash loses at most the
 * uncommitted batch, which is fetched again, and no page is stored twice.
 */
export function crawlRunner(deps: CrawlRunnerDeps): JobHandler<{ crawlId: string }> {
  return async (job, ctx) => {
    const crawl = await getCrawl(deps.db, job.payload.crawlId)
    if (crawl?.status !== 'scraping') {
      await ctx.complete()
      return
    }
    const run = new CrawlRun(deps, job, ctx, crawl)
    await run.execute()
  }
}

class CrawlRun {
  private readonly options: CrawlOptions
  private readonly scope: CrawlScope
  private readonly frontier: Pending[] = []
  private inFlight = 0
  private stopped = false
  private wakeUp: (() => void) | undefined
  /** The crawl's scrape options, read once for all its pages. */
  private readonly plan: PagePlan
  /** The scrape options of the batch's appends, by append id, read once per run. */
  private readonly appendPlans = new Map<number, PagePlan>()
  /** Commits finished pages in batches. */
  private readonly batches = new GroupCommit((finished) => this.flush(finished))
  /** Commits of pages handed over by workers, not yet settled. */
  private readonly commits = new Set<Promise<void>>()
  /** The first error of a commit (a lost lease, a stopped crawl, a database failure). */
  private failure: { reason: unknown } | undefined

  constructor(
    private readonly deps: CrawlRunnerDeps,
    private readonly job: Job<{ crawlId: string }>,
    private readonly ctx: JobContext,
    private crawl: CrawlRow,
  ) {
    this.options = crawl.options
    this.scope = new CrawlScope(crawl)
    this.plan = planPages(this.options.scrapeOptions)
  }

  /** The plan a page is scraped and charged with: its append's, else the crawl's. */
  private planOf(item: Pending): PagePlan {
    return (item.appendId !== undefined ? this.appendPlans.get(item.appendId) : undefined) ?? this.plan
  }

  /**
   * A transaction that commits only while this worker holds the job's lease; it also locks the
   * crawl's row (one statement for both) and hands its status to `fn`.
   */
  private async guarded<T>(fn: (tx: Sql, status: string) => Promise<T>): Promise<T> {
    if (this.ctx.signal.aborted) throw new LeaseGone('aborted')
    return this.deps.db.transaction(async (tx) => {
      const status = await lockLeasedCrawl(tx, this.job.id, this.deps.workerId(), this.crawl.id)
      if (status === undefined) throw new LeaseGone(`lease on job ${this.job.id} was lost`)
      return fn(tx, status)
    })
  }

  async execute(): Promise<void> {
    if (this.crawl.kind === 'crawl' && this.scope.start) {
      const robotsTxt =
        this.crawl.robots_txt ??
        (this.options.ignoreRobotsTxt
          ? ''
          : await fetchRobotsTxt(this.scope.start, {
              allowPrivateUrls: this.deps.allowPrivateUrls,
              signal: this.ctx.signal,
            }))
      this.scope.robots = parseRobots(
        this.scope.start,
        robotsTxt,
        this.options.robotsUserAgent ?? CRAWLER_AGENT,
      )
      if (this.crawl.phase === 'seed') await this.seed(robotsTxt)
    }
    for (const p of await pendingPages(this.deps.db, this.crawl.id)) this.frontier.push(p)
    // Read after the pages: an append commits its options with its pages, so each page read has them.
    if (this.crawl.kind === 'batch')
      for (const [id, options] of await appendOptions(this.deps.db, this.crawl.id))
        this.appendPlans.set(id, planPages(options))
    const concurrency = this.options.delay ? 1 : Math.max(1, Math.min(100, this.options.maxConcurrency))
    const results = await Promise.allSettled(Array.from({ length: concurrency }, () => this.worker()))
    // Pages handed to the committer still commit (or fail) before the job settles.
    await Promise.allSettled([...this.commits])
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    const failure = this.failure ?? rejected
    if (failure) {
      if (failure.reason instanceof Stop) {
        await this.ctx.complete()
        return
      }
      throw failure.reason
    }
    if (this.ctx.signal.aborted) throw new LeaseGone('aborted')
    try {
      await this.ctx.complete(async (tx) => {
        // Pages appended to a batch after this run read its pages: the crawl is not complete yet.
        if (await lockWithPendingPages(tx, this.crawl.id)) throw new MorePages()
        if (await completeCrawl(tx, this.crawl.id))
          await this.events(tx, { name: 'completed', success: true })
      })
    } catch (error) {
      if (!(error instanceof MorePages)) throw error
      // A next run of the job (at once) reads them, with the options of their append.
      await this.ctx.continueWith(this.job.payload)
    }
  }

  /** Queues the crawl's webhook events (nothing without a webhook) in the caller's transaction. */
  private events(
    tx: Sql,
    ...events: Array<Omit<WebhookEvent, 'type' | 'id'> & { name: string }>
  ): Promise<void> {
    return queueWebhooks(
      tx,
      this.deps.queue,
      this.options.webhook,
      ...events.map(({ name, ...event }) => ({
        type: `${eventPrefix(this.crawl.kind)}.${name}`,
        id: this.crawl.id,
        ...event,
      })),
    )
  }

  /** First step of a crawl: robots.txt, the sitemap and the start URL, committed together. */
  private async seed(robotsTxt: string): Promise<void> {
    const start = this.scope.start as URL
    const candidates: URL[] = []
    if (this.options.sitemap !== 'skip') {
      const fromSitemap = await readSitemaps(start, {
        allowPrivateUrls: this.deps.allowPrivateUrls,
        extra: this.scope.robots?.sitemaps() ?? [],
        maxUrls: Math.max(this.options.limit * 4, 1000),
        signal: this.ctx.signal,
      })
      for (const loc of fromSitemap) {
        const url = toHttpUrl(loc)
        if (url && inScope(url, start, this.options, this.scope.include, this.scope.exclude))
          candidates.push(url)
      }
    }
    if (this.options.sitemap !== 'only' || candidates.length === 0) candidates.unshift(start)
    const { accepted, blocked } = this.scope.admit(candidates)
    await this.guarded(async (tx) => {
      await insertPages(tx, this.crawl.id, accepted.slice(0, this.options.limit), 0)
      await this.recordBlocked(tx, blocked)
      await startPagesPhase(tx, this.crawl.id, robotsTxt)
    })
  }

  private recordBlocked(tx: Sql, blocked: string[]): Promise<void> {
    return recordRobotsBlocked(tx, this.crawl.id, blocked)
  }

  private notify(): void {
    const wake = this.wakeUp
    this.wakeUp = undefined
    wake?.()
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure.reason
      if (this.stopped) return
      if (this.ctx.signal.aborted) throw new LeaseGone('aborted')
      // Back-pressure: no more fetching while a full batch waits for its commit.
      const item = this.batches.full ? undefined : this.frontier.shift()
      if (!item) {
        if (this.inFlight === 0) {
          this.notify()
          return
        }
        await new Promise<void>((resolve) => {
          const previous = this.wakeUp
          this.wakeUp = () => {
            previous?.()
            resolve()
          }
        })
        continue
      }
      this.inFlight++
      let outcome: Outcome
      try {
        outcome = await this.page(item)
      } catch (error) {
        this.inFlight--
        this.stopped = true
        this.notify()
        throw error
      }
      // The page commits with the next batch while this worker goes on with the next page; it
      // counts as in flight until then, so the crawl cannot end before its links are known.
      const committed = this.batches
        .commit(item, outcome)
        .then(
          (result) => {
            if (result === 'stop') this.fail(new Stop())
          },
          (error) => this.fail(error),
        )
        .finally(() => {
          this.inFlight--
          this.commits.delete(committed)
          this.notify()
        })
      this.commits.add(committed)
      if (this.options.delay && this.frontier.length > 0)
        await sleep(this.options.delay * 1000, this.ctx.signal)
    }
  }

  /** Records the first failure of a commit; every worker stops with it. */
  private fail(error: unknown): void {
    this.failure ??= { reason: error }
    this.stopped = true
    this.notify()
  }

  private page(item: Pending): Promise<Outcome> {
    return scrapeCrawlPage(
      {
        db: this.deps.db,
        allowPrivateUrls: this.deps.allowPrivateUrls,
        extractor: this.deps.extractor,
        crawl: this.crawl,
        signal: this.ctx.signal,
        plan: this.planOf(item),
        discover: (item, statusCode, links) => this.scope.discover(item, statusCode, links),
      },
      item,
    )
  }

  /** Commits a batch of finished pages in one guarded transaction; returns each page's result. */
  private async flush(finished: FinishedPage[]): Promise<Array<'ok' | 'stop'>> {
    const added = await this.guarded(async (tx, status) => {
      if (status !== 'scraping') throw new Stop()
      const pending = await lockPendingPages(
        tx,
        finished.map((e) => e.item.id),
      )
      const batch = finished.filter((e) => pending.has(e.item.id))
      // Pages that succeeded are charged in order; when the credits run out, the first unpaid
      // page fails the crawl and the pages after it stay pending.
      const okEntries = batch.filter((e) => e.outcome.ok)
      const paid = await chargeEach(
        tx,
        this.crawl.team_id,
        this.crawl.kind,
        okEntries.map((e) => ({
          reference: e.item.url,
          amount: this.planOf(e.item).price,
          tokens: e.outcome.ok ? e.outcome.tokens : 0,
        })),
      )
      const unpaid = okEntries[paid]
      const settled = unpaid ? batch.slice(0, batch.indexOf(unpaid)) : batch
      const rows = settled.map((e) =>
        e.outcome.ok
          ? { id: e.item.id, status: 'done', document: JSON.stringify(e.outcome.document), error: null }
          : { id: e.item.id, status: 'failed', document: null, error: e.outcome.error },
      )
      if (unpaid)
        rows.push({
          id: unpaid.item.id,
          status: 'failed',
          document: null,
          error: 'Payment Required: Insufficient credits',
        })
      const done = settled.filter((e) => e.outcome.ok)
      const credits = done.reduce((sum, e) => sum + this.planOf(e.item).price, 0)
      await finishPages(tx, this.crawl.id, unpaid ? 0 : credits, rows)
      if (unpaid) {
        await failCrawl(tx, this.crawl.id, credits, 'Payment Required: Insufficient credits')
      }
      await this.events(
        tx,
        ...rows.map((row) => ({
          name: 'page',
          success: row.status === 'done',
          pageId: row.id,
          ...(row.error !== null ? { error: row.error } : {}),
        })),
        ...(unpaid
          ? [{ name: 'failed', success: false, error: 'Payment Required: Insufficient credits' }]
          : []),
      )
      const indexed = done.flatMap((e) => (e.outcome.ok && e.outcome.indexed ? [e.outcome.indexed] : []))
      await recordPages(tx, this.crawl.team_id, indexed)
      await cacheBatchPages(
        tx,
        this.crawl.team_id,
        done.flatMap((e) =>
          e.outcome.ok && e.outcome.cacheKey ? [{ key: e.outcome.cacheKey, crawlPageId: e.item.id }] : [],
        ),
      )
      if (unpaid) return undefined
      const { accepted, blocked } = this.scope.admitLinks(done)
      await this.recordBlocked(tx, [...new Set(blocked)])
      return insertPagesWithin(tx, this.crawl.id, this.options.limit, accepted)
    })
    pagesRecorded(this.deps.db)
    if (added === undefined) {
      // The credits ran out: the pages before the unpaid one committed; the crawl has failed.
      return finished.map(() => 'stop')
    }
    for (const p of added) this.frontier.push({ id: p.id, url: p.url, depth: p.depth })
    return finished.map(() => 'ok')
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}
