/**
 * A small in-process read-through cache: values are trusted for `ttlMs`, concurrent misses of one
 * key share one load, and `invalidate()` (called by this process's writes) drops everything at
 * once, including loads that started before it (their result is returned but not kept). Other
 * processes' writes are seen within `ttlMs`. `ttlMs <= 0` disables caching.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>()
  private readonly pending = new Map<string, Promise<V>>()
  private generation = 0

  constructor(
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value of `key`, from the cache while fresh, else from `load` (kept unless `keep` says no). */
  get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.ttlMs <= 0) return load()
    const hit = this.entries.get(key)
    if (hit && hit.until > this.clock()) return Promise.resolve(hit.value)
    let inFlight = this.pending.get(key)
    if (!inFlight) {
      const generation = this.generation
      inFlight = load().then(
        (value) => {
          if (this.pending.get(key) === inFlight) this.pending.delete(key)
          if (generation === this.generation && keep(value)) {
            if (this.entries.size >= this.maxEntries) this.entries.clear()
            this.entries.set(key, { value, until: this.clock() + this.ttlMs })
          }
          return value
        },
        (error: unknown) => {
          if (this.pending.get(key) === inFlight) this.pending.delete(key)
          throw error
        },
      )
      this.pending.set(key, inFlight)
    }
    return inFlight
  }

  /** Synchronous lookup of a fresh entry (no load). */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key)
    return hit && hit.until > this.clock() ? hit.value : undefined
  }

  /** Drops every entry and every load in flight. */
  invalidate(): void {
    this.generation++
    this.entries.clear()
    this.pending.clear()
  }
}
