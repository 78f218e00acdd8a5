/**
 * What the service was asked, for a test to check what its code under test sent: the last
 * `capacity` requests (oldest dropped first), in memory only.
 */

import type { JournalEntry, JournalQuery } from './public-types.js'

export type { JournalEntry, JournalQuery } from './public-types.js'

export const DEFAULT_JOURNAL_CAPACITY = 1000

export class RequestJournal {
  private entries: JournalEntry[] = []
  private seq = 0

  constructor(private readonly capacity = DEFAULT_JOURNAL_CAPACITY) {}

  /** The next sequence number (taken when the request arrives, so entries keep arrival order). */
  nextSeq(): number {
    this.seq += 1
    return this.seq
  }

  add(entry: JournalEntry): void {
    // Entries are added when their answer is ready: a slow request lands after faster later ones,
    // so it is put back in arrival order.
    let at = this.entries.length
    while (at > 0 && (this.entries[at - 1] as JournalEntry).seq > entry.seq) at -= 1
    this.entries.splice(at, 0, entry)
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity)
  }

  /** The entries matching `query`, oldest first. */
  query(query: JournalQuery = {}): JournalEntry[] {
    const since = query.since === undefined ? undefined : new Date(query.since).getTime()
    if (since !== undefined && Number.isNaN(since))
      throw new RangeError(`since is not a time: ${query.since}`)
    let found = this.entries.filter(
      (e) =>
        (query.operationId === undefined || e.operationId === query.operationId) &&
        (since === undefined || Date.parse(e.time) >= since) &&
        (query.afterSeq === undefined || e.seq > query.afterSeq),
    )
    if (query.limit !== undefined && query.limit >= 0)
      found = found.slice(Math.max(0, found.length - query.limit))
    return found.map((e) => ({ ...e }))
  }

  clear(): void {
    this.entries = []
  }
}
