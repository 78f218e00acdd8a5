/**
 * The one clock of a service whose test controls are on: real time plus an offset that only moves
 * forward, so a test of "the limit resets after its window" or "the key expires" jumps instead of
 * waiting. Everything that reads "now" in such a service reads it here (JavaScript through
 * `now`, SQL through `clockedDatabase`); a service without controls reads `Date.now` directly.
 */
/**
 * The latest time the clock moves to: the API writes times with a TTL or a window added, and
 * RFC 3339 dates have four-digit years, so a thousand years stay before 9999.
 */
const LATEST = Date.UTC(9000, 0, 1)

export class TestClock {
  private offset = 0
  private readonly listeners = new Set<(offsetMs: number) => void>()

  /** Milliseconds since the epoch, as `Date.now()` would say after the advances so far. */
  readonly now = (): number => Date.now() + this.offset

  /** How far ahead of real time the clock is, in ms. */
  get offsetMs(): number {
    return this.offset
  }

  /**
   * Moves the clock `ms` forward. Backwards is refused: leases, windows and schedules assume a
   * clock that never goes back, and a test never needs it (`reset` starts over instead).
   */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`advance takes a non-negative number of ms; got ${ms}`)
    if (this.now() + ms > LATEST)
      throw new RangeError(
        `advance takes the clock to ${new Date(LATEST).toISOString()} at the latest; ${ms} ms is past it`,
      )
    this.offset += Math.round(ms)
    for (const listener of this.listeners) listener(this.offset)
    return this.now()
  }

  /** Back to real time (a reset to the seeded state, which was written in real time). */
  reset(): void {
    this.offset = 0
    for (const listener of this.listeners) listener(0)
  }

  /** Calls `listener` after every move (a job queue re-polls: a delayed job may now be due). */
  onChange(listener: (offsetMs: number) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
