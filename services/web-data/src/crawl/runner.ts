import type { Database, Job, JobContext, JobHandler, JobQueue, Sql } from '@apiplatform/server-kit'
import { chargeEach, Prices } from '../billing/credits.js'
import { screenshotFormat } from '../browser/scrape.js'
import type { Extractor } from '../extraction/extractor.js'
import { fillJsonFormat } from '../extraction/json-format.js'
import { ApiError } from '../http/errors.js'
import { cachePolicy, readCached } from '../scrape/cache.js'
import { readFormats } from '../scrape/formats.js'
import { buildDocument, fetchOrThrow } from '../scrape/scrape.js'
import { cacheBatchPages, type IndexedPage, recordPages } from '../scrape/store.js'
import { pagesRecorded } from '../search/indexer.js'
import { queueWebhooks, type WebhookEvent } from '../webhooks/outbox.js'
import { CRAWLER_AGENT, fetchRobotsTxt, parseRobots, type Robots } from './robots.js'
import { readSitemaps } from './sitemap.js'
import {
  type CrawlOptions,
  type CrawlRow,
  completeCrawl,
  eventPrefix,
  failCrawl,
  finishPages,
  getCrawl,
  insertPages,
  insertPagesWithin,
  lockLeasedCrawl,
  lockPendingPages,
  pendingPages,
  recordRobotsBlocked,
  startPagesPhase,
} from './store.js'
import { compilePatterns, inScope, toHttpUrl, urlKey } from './urls.js'

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
  return Prices.scrape + (readFormats(options.scrapeOptions.formats).json ? Prices.jsonExtraction : 0)
}

class Stop extends Error {}
class LeaseGone extends Error {}

interface Pending {
  id: number
  url: string
  depth: number
}

type Outcome =
  | {
      ok: true
      document: Record<string, unknown>
      links: URL[]
      /** What the page index records (absent for zero data retention). */
      indexed?: IndexedPage
      /** Tokens the extraction model spent on the page's `json` format. */
      tokens: number
      /** The page cache key this document refreshes (batch scrapes, see scrape/cache.ts). */
      cacheKey?: string
    }
  | { ok: false; error: string }

interface Finished {
  item: Pending
  outcome: Outcome
  resolve: (result: 'ok' | 'stop') => void
  reject: (error: unknown) => void
}

/** Most pages one commit takes. */
const MAX_BATCH = 50

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
  private readonly start: URL | undefined
  private readonly include: RegExp[]
  private readonly exclude: RegExp[]
  private robots: Robots | undefined
  private readonly frontier: Pending[] = []
  private inFlight = 0
  private stopped = false
  private wakeUp: (() => void) | undefined
  private readonly price: number
  /** Finished pages waiting for the next commit. */
  private readonly finished: Finished[] = []
  private flushing = false
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
    this.start = crawl.url ? new URL(crawl.url) : undefined
    this.include = compilePatterns(this.options.includePaths)
    this.exclude = compilePatterns(this.options.excludePaths)
    this.price = pagePrice(this.options)
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
    if (this.crawl.kind === 'crawl' && this.start) {
      const robotsTxt =
        this.crawl.robots_txt ??
        (this.options.ignoreRobotsTxt
          ? ''
          : await fetchRobotsTxt(this.start, {
              allowPrivateUrls: this.deps.allowPrivateUrls,
              signal: this.ctx.signal,
            }))
      this.robots = parseRobots(this.start, robotsTxt, this.options.robotsUserAgent ?? CRAWLER_AGENT)
      if (this.crawl.phase === 'seed') await this.seed(robotsTxt)
    }
    for (const p of await pendingPages(this.deps.db, this.crawl.id)) this.frontier.push(p)
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
    await this.ctx.complete(async (tx) => {
      if (await completeCrawl(tx, this.crawl.id)) await this.events(tx, { name: 'completed', success: true })
    })
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
    const start = this.start as URL
    const candidates: URL[] = []
    if (this.options.sitemap !== 'skip') {
      const fromSitemap = await readSitemaps(start, {
        allowPrivateUrls: this.deps.allowPrivateUrls,
        extra: this.robots?.sitemaps() ?? [],
        maxUrls: Math.max(this.options.limit * 4, 1000),
        signal: this.ctx.signal,
      })
      for (const loc of fromSitemap) {
        const url = toHttpUrl(loc)
        if (url && inScope(url, start, this.options, this.include, this.exclude)) candidates.push(url)
      }
    }
    if (this.options.sitemap !== 'only' || candidates.length === 0) candidates.unshift(start)
    const { accepted, blocked } = this.admit(candidates)
    await this.guarded(async (tx) => {
      await insertPages(tx, this.crawl.id, accepted.slice(0, this.options.limit), 0)
      await this.recordBlocked(tx, blocked)
      await startPagesPhase(tx, this.crawl.id, robotsTxt)
    })
  }

  /** Dedupes URLs and splits off those robots.txt disallows. */
  private admit(urls: URL[]): { accepted: Array<{ url: string; key: string }>; blocked: string[] } {
    const accepted: Array<{ url: string; key: string }> = []
    const blocked: string[] = []
    const keys = new Set<string>()
    for (const url of urls) {
      const key = urlKey(url, this.options.ignoreQueryParameters)
      if (keys.has(key)) continue
      keys.add(key)
      if (this.robots && !this.options.ignoreRobotsTxt && !this.robots.isAllowed(url.toString())) {
        blocked.push(url.toString())
        continue
      }
      accepted.push({ url: url.toString(), key })
    }
    return { accepted, blocked }
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
      const item = this.finished.length >= MAX_BATCH ? undefined : this.frontier.shift()
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
      const committed = this.commit(item, outcome)
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

  /** Fetches and builds one page (failures of the page itself become a failed outcome). */
  private async page(item: Pending): Promise<Outcome> {
    const scrapeOptions = this.options.scrapeOptions
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(scrapeOptions.headers ?? {}))
      if (typeof v === 'string') headers[k] = v
    try {
      // Batch pages may come from the page cache; crawls fetch, for the links of the page itself.
      const cache =
        this.crawl.kind === 'batch'
          ? cachePolicy(new URL(item.url), scrapeOptions as Record<string, unknown>, {
              // As for a scrape: a page asking for a screenshot is never answered from the cache.
              usesBrowser: screenshotFormat(scrapeOptions.formats) !== undefined,
              allowPrivateUrls: this.deps.allowPrivateUrls,
            })
          : undefined
      const cached = cache ? await readCached(this.deps.db, this.crawl.team_id, cache) : undefined
      // Already in the search index, and nothing was extracted: no tokens.
      if (cached) {
        const document = { ...cached, metadata: { ...cached.metadata, creditsUsed: this.price } }
        return { ok: true, document, tokens: 0, links: [] }
      }
      const page = await fetchOrThrow(new URL(item.url), {
        allowPrivateUrls: this.deps.allowPrivateUrls,
        timeoutMs: scrapeOptions.timeout ?? 30_000,
        headers,
        signal: this.ctx.signal,
      })
      const { document, parsed } = buildDocument(page, { url: item.url, ...scrapeOptions })
      const usage = await fillJsonFormat(
        document,
        page,
        parsed,
        scrapeOptions.formats,
        this.deps.extractor,
        this.ctx.signal,
      )
      if (cache) document.metadata.cacheState = 'miss'
      document.metadata.creditsUsed = this.price
      return {
        ok: true,
        document,
        tokens: usage?.totalTokens ?? 0,
        links: this.discover(item, page.statusCode, parsed.links),
        ...(this.options.zeroDataRetention ? {} : { indexed: { page, parsed } }),
        ...(cache?.store ? { cacheKey: cache.key } : {}),
      }
    } catch (error) {
      if (this.ctx.signal.aborted) throw new LeaseGone('aborted')
      return { ok: false, error: describe(error) }
    }
  }

  /**
   * Group commit: a finished page waits for the next transaction, which takes every page that
   * finished meanwhile (up to MAX_BATCH). While one batch commits, the next one gathers, so the
   * batch size follows the load. Each page still commits exactly once, under the lease.
   */
  private commit(item: Pending, outcome: Outcome): Promise<'ok' | 'stop'> {
    return new Promise((resolve, reject) => {
      this.finished.push({ item, outcome, resolve, reject })
      this.flushSoon()
    })
  }

  private flushSoon(): void {
    if (this.flushing || this.finished.length === 0) return
    this.flushing = true
    // Let the answers that already arrived finish their pages first, so they join this batch.
    setImmediate(() => this.flushNow())
  }

  private flushNow(): void {
    const batch = this.finished.splice(0, MAX_BATCH)
    void this.flush(batch)
      .then(
        (results) => {
          for (const [i, entry] of batch.entries()) entry.resolve(results[i] ?? 'stop')
        },
        (error) => {
          for (const entry of batch) entry.reject(error)
        },
      )
      .finally(() => {
        this.flushing = false
        this.flushSoon()
      })
  }

  /** Commits a batch of finished pages in one guarded transaction; returns each page's result. */
  private async flush(finished: Finished[]): Promise<Array<'ok' | 'stop'>> {
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
        this.price,
        this.crawl.kind,
        okEntries.map((e) => e.item.url),
        okEntries.map((e) => (e.outcome.ok ? e.outcome.tokens : 0)),
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
      const credits = this.price * done.length
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
      // Links of every page of the batch, in page order, each URL once (its first page's depth).
      const accepted: Array<{ url: string; key: string; depth: number }> = []
      const blocked: string[] = []
      const keys = new Set<string>()
      for (const e of done) {
        if (!e.outcome.ok || e.outcome.links.length === 0) continue
        const admitted = this.admit(e.outcome.links)
        blocked.push(...admitted.blocked)
        for (const a of admitted.accepted) {
          if (keys.has(a.key)) continue
          keys.add(a.key)
          accepted.push({ ...a, depth: e.item.depth + 1 })
        }
      }
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

  /** The in-scope links of a page whose links the crawl follows. */
  private discover(item: Pending, statusCode: number, links: string[]): URL[] {
    if (this.crawl.kind !== 'crawl' || !this.start || statusCode >= 400) return []
    if (this.options.sitemap === 'only') return []
    const max = this.options.maxDiscoveryDepth
    if (max !== undefined && item.depth + 1 > max) return []
    const out: URL[] = []
    for (const link of links) {
      const url = toHttpUrl(link)
      if (url && inScope(url, this.start, this.options, this.include, this.exclude)) out.push(url)
    }
    return out
  }
}

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = (error.extra.details as { reason?: string } | undefined)?.reason
    return reason ? `${error.error}: ${reason}` : error.error
  }
  return error instanceof Error ? error.message : String(error)
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
