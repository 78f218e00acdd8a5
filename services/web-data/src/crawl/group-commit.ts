import type { Outcome, Pending } from './scrape-page.js'

/** Most pages one commit takes. */
const MAX_BATCH = 50

/** A scraped page, before its commit. */
export interface FinishedPage {
  item: Pending
  outcome: Outcome
}

interface Finished extends FinishedPage {
  resolve: (result: 'ok' | 'stop') => void
  reject: (error: unknown) => void
}

/** The batches in which a crawl run commits its finished pages. */
export class GroupCommit {
  /** Finished pages waiting for the next commit. */
  private readonly finished: Finished[] = []
  private flushing = false

  constructor(
    /** Commits a batch in one transaction; returns each page's result. */
    private readonly flush: (finished: FinishedPage[]) => Promise<Array<'ok' | 'stop'>>,
  ) {}

  /** Whether a full batch waits for its commit (no more fetching meanwhile). */
  get full(): boolean {
    return this.finished.length >= MAX_BATCH
  }

  /**
   * Group commit: a finished page waits for the next transaction, which takes every page that
   * finished meanwhile (up to MAX_BATCH). While one batch commits, the next one gathers, so the
   * batch size follows the load. Each page still commits exactly once, under the lease.
   */
  commit(item: Pending, outcome: Outcome): Promise<'ok' | 'stop'> {
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
}
