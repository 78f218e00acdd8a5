/**
 * Rate limiting with leases: each service instance reserves permits of a window from the shared
 * counter row in batches, and decides locally from what it holds. Used for `ratelimit.limit` /
 * `multiLimit` (`ratelimit_windows`) and for the key and identity limits of `keys.verifyKey`
 * (`key_ratelimit_windows`); `namespaceId`/`identifier` are the two key columns of the table.
 *
 * - The database row `ratelimit_windows.count` counts every permit handed out to any instance, so
 *   the sum of the permits all instances use in a window never exceeds its limit: the limit is
 *   never exceeded, on any number of instances sharing the database.
 * - A lease is taken in one short transaction (`SELECT … FOR UPDATE`, then `UPDATE`) and is at
 *   most half of what the window has left (never less than the request needs), so that other
 *   instances always find part of the budget; lease sizes double while an identifier is busy, up
 *   to `maxLease`, and restart at 1 per window. Near the limit leases shrink to single permits.
 * - Within one instance the decision is synchronous JavaScript (no await between check and
 *   take), so it is exact under any concurrency: with one instance, exactly `limit` requests
 *   pass and `remaining` is exact.
 * - Permits an instance holds but has not used go back to the row after `idleReturnMs` without
 *   use, and on shutdown. The row's `holders` counts the instances holding unused permits (an
 *   instance joins in its lease transaction and leaves once it has used or handed back all it
 *   held). An instance refused a lease while another holds permits does not deny yet: it retries
 *   until it is granted or no other instance holds any (at most `reclaimWaitMs`, for an instance
 *   that died holding permits). So across instances exactly `limit` requests pass, as on one.
 * - Once the row refused a lease and no other instance held permits, further requests that need
 *   at least as much are denied locally for 50 ms (a flood of denied requests costs no database
 *   work): the window is used up.
 * - A change of the limit (a request's `limit`, or an override) hands the held permits back and
 *   leases again under the new limit, so a lowered limit applies at once.
 */
import type { Sql } from '@apiplatform/server-kit'
import { num } from '../repositories/rows.js'
import type { LimitRequest } from './engine.js'

/** Where the counters of a family of windows live (table and key columns). */
export interface WindowTable {
  /** Table name. */
  table: string
  /** The two columns that name the counter besides duration and window_start. */
  scope: [string, string]
  /** Whether the table stores the window's limit and expiry too (`ratelimit_windows` does). */
  withLimit: boolean
}

/** `ratelimit.limit` / `multiLimit` counters: (namespace_id, identifier). */
export const RATELIMIT_WINDOWS: WindowTable = {
  table: 'ratelimit_windows',
  scope: ['namespace_id', 'identifier'],
  withLimit: true,
}

/** Rate limits of keys and identities checked by `keys.verifyKey`: (scope_id, name). */
export const KEY_RATELIMIT_WINDOWS: WindowTable = {
  table: 'key_ratelimit_windows',
  scope: ['scope_id', 'name'],
  withLimit: false,
}

/**
 * One batch of first leases runs while the next waits in the database's queue, so the database
 * never idles between them; rows that arrive meanwhile join a third, sent as the first one returns.
 */
const FIRST_BATCHES_IN_FLIGHT = 2

/** How often the sweep walks every window to forget the ended and idle ones. */
const FORGET_EVERY_MS = 1000

export interface LeaseDecision {
  success: boolean
  /** Permits of the window not yet used (exact for this instance's view). */
  remaining: number
  windowStart: number
}

interface WindowState {
  namespaceId: string
  identifier: string
  duration: number
  windowStart: number
  limit: number
  /** Permits leased to this instance and not used yet. */
  held: number
  /** The row's count after our last lease (includes other instances' leases up to then). */
  counted: number
  /** Size of the next lease. */
  next: number
  lastUse: number
  busy: Promise<void> | undefined
  /** Whether the row's `holders` counts this instance (it joined when it leased, see `settle`). */
  holding: boolean
  /** After a lease of `refusedNeed` permits was refused: deny locally until then those needing as many. */
  refusedUntil: number
  refusedNeed: number
  /** Whether this instance leased in this window already (else its first lease may create the row). */
  leased: boolean
}

/** A window's first lease, queued for the batched INSERT: the row's values and who waits for it. */
interface FirstLeaseRow {
  a: string
  b: string
  d: number
  w: number
  /** count: the grant. */
  c: number
  /** holders: 1 when this instance keeps permits beyond the waiting request's. */
  h: number
  l: number
  resolve(created: boolean): void
  reject(error: unknown): void
}

export interface RatelimitLeasesOptions {
  /** Unused permits go back to the row after this long without use. Default 250 ms. */
  idleReturnMs?: number
  /** Largest lease. Default 1000. */
  maxLease?: number
  /**
   * Longest wait of a refused lease for permits other instances hold (they hand them back
   * after `idleReturnMs` idle); past it the request is denied. Default 4 × idleReturnMs + 1000.
   */
  reclaimWaitMs?: number
}

export class RatelimitLeases {
  private readonly windows = new Map<string, WindowState>()
  private readonly idleReturnMs: number
  private readonly maxLease: number
  private readonly refusalMemoMs: number
  private readonly reclaimWaitMs: number
  private readonly retryMs: number
  private readonly timer: NodeJS.Timeout
  private closed = false
  /** First leases waiting for the next batched INSERT (see `firstLease`). */
  private firstBatch: FirstLeaseRow[] = []
  /** Batched INSERTs on their way (at most `FIRST_BATCHES_IN_FLIGHT`; rows queued meanwhile go together). */
  private firstBatchesSent = 0
  /** Windows that may hold unused permits: the only ones the idle hand-back has to look at. */
  private readonly holding = new Set<WindowState>()
  /** When the sweep last walked every window to forget the ended and long idle ones. */
  private forgotAt = 0

  private readonly sql: {
    withLimit: boolean
    first: string
    insert: string
    quick: string
    select: string
    update: string
    giveBack: string
    settle: string
  }

  constructor(
    private readonly db: { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> } & Sql,
    private readonly clock: () => number,
    options: RatelimitLeasesOptions & { table?: WindowTable } = {},
  ) {
    const t = options.table ?? RATELIMIT_WINDOWS
    const [a, b] = t.scope
    const where = `${a} = $1 AND ${b} = $2 AND duration = $3 AND window_start = $4`
    this.sql = {
      withLimit: t.withLimit,
      first: t.withLimit
        ? `INSERT INTO ${t.table} (${a}, ${b}, duration, window_start, count, holders, "limit", expires_at)
           SELECT x.a, x.b, x.d, x.w, x.c, x.h, x.l, x.w + x.d
           FROM jsonb_to_recordset($1::jsonb) AS x(a text, b text, d bigint, w bigint, c bigint, h int, l bigint)
           ON CONFLICT DO NOTHING RETURNING ${a} AS a, ${b} AS b, duration, window_start`
        : `INSERT INTO ${t.table} (${a}, ${b}, duration, window_start, count, holders)
           SELECT x.a, x.b, x.d, x.w, x.c, x.h
           FROM jsonb_to_recordset($1::jsonb) AS x(a text, b text, d bigint, w bigint, c bigint, h int)
           ON CONFLICT DO NOTHING RETURNING ${a} AS a, ${b} AS b, duration, window_start`,
      insert: t.withLimit
        ? `INSERT INTO ${t.table} (${a}, ${b}, duration, window_start, count, "limit", expires_at)
           VALUES ($1, $2, $3::bigint, $4::bigint, 0, $5, $4::bigint + $3::bigint) ON CONFLICT DO NOTHING`
        : `INSERT INTO ${t.table} (${a}, ${b}, duration, window_start, count)
           VALUES ($1, $2, $3::bigint, $4::bigint, 0) ON CONFLICT DO NOTHING`,
      // The whole want fits in half of what is left: the transaction would grant exactly `want`.
      quick: `UPDATE ${t.table} SET count = GREATEST(0, count - $5::bigint) + $6::bigint,
           holders = GREATEST(0, holders + $7::int)${t.withLimit ? ', "limit" = $8::bigint' : ''}
           WHERE ${where} AND GREATEST(0, count - $5::bigint) <= $8::bigint - 2 * $6::bigint RETURNING count`,
      select: `SELECT count, holders FROM ${t.table} WHERE ${where} FOR UPDATE`,
      update: t.withLimit
        ? `UPDATE ${t.table} SET count = $5, holders = GREATEST(0, holders + $6), "limit" = $7 WHERE ${where}`
        : `UPDATE ${t.table} SET count = $5, holders = GREATEST(0, holders + $6) WHERE ${where}`,
      giveBack: `UPDATE ${t.table} SET count = GREATEST(0, count - $5), holders = GREATEST(0, holders - 1) WHERE ${where}`,
      settle: `UPDATE ${t.table} SET holders = GREATEST(0, holders - 1) WHERE ${where}`,
    }
    this.idleReturnMs = options.idleReturnMs ?? 250
    this.maxLease = options.maxLease ?? 1000
    this.refusalMemoMs = Math.min(50, this.idleReturnMs)
    this.reclaimWaitMs = options.reclaimWaitMs ?? 4 * this.idleReturnMs + 1000
    this.retryMs = Math.max(5, Math.min(25, this.idleReturnMs / 4))
    this.timer = setInterval(() => void this.sweep().catch(() => {}), Math.max(25, this.idleReturnMs / 2))
    this.timer.unref()
  }

  /** Takes `cost` permits of the identifier's current window, or says no. */
  async take(input: Omit<LimitRequest, 'recordFor'>): Promise<LeaseDecision> {
    const windowStart = Math.floor(input.now / input.duration) * input.duration
    const key = `${input.namespaceId}\u0000${input.identifier}\u0000${input.duration}`
    for (;;) {
      let state = this.windows.get(key)
      if (state && state.windowStart !== windowStart) {
        // A new window: what was held in the old one lapsed with it.
        if (state.busy) {
          await state.busy
          continue
        }
        state = undefined
      }
      if (!state) {
        state = {
          namespaceId: input.namespaceId,
          identifier: input.identifier,
          duration: input.duration,
          windowStart,
          limit: input.limit,
          held: 0,
          counted: 0,
          next: 1,
          lastUse: input.now,
          busy: undefined,
          holding: false,
          refusedUntil: 0,
          refusedNeed: 0,
          leased: false,
        }
        this.windows.set(key, state)
      }
      if (state.busy) {
        await state.busy
        continue
      }
      state.lastUse = input.now
      if (state.limit === input.limit && state.held >= input.cost) {
        state.held -= input.cost
        if (state.held === 0) this.settle(state)
        return {
          success: true,
          remaining: Math.max(0, state.limit - (state.counted - state.held)),
          windowStart,
        }
      }
      const refused =
        state.limit === input.limit &&
        state.refusedUntil > input.now &&
        input.cost - state.held >= state.refusedNeed
      if (input.cost > input.limit || refused) {
        return {
          success: false,
          remaining: Math.max(0, Math.min(input.limit - (state.counted - state.held), input.cost - 1)),
          windowStart,
        }
      }
      // Lease more (or re-lease under a new limit), then decide again from what we hold. Refused
      // while another instance holds unused permits: retry, they are used or handed back soon.
      const s = state
      let outcome: 'granted' | 'denied' = 'denied'
      const deadline = this.clock() + this.reclaimWaitMs
      s.busy = (async () => {
        for (;;) {
          const { granted, othersHold } = await this.lease(s, input.limit, input.cost)
          if (granted || !othersHold || this.closed || this.clock() >= deadline) return granted
          await new Promise((resolve) => setTimeout(resolve, this.retryMs))
        }
      })().then(
        (granted) => {
          outcome = granted ? 'granted' : 'denied'
        },
        (error: unknown) => {
          s.busy = undefined
          throw error
        },
      )
      await s.busy
      s.busy = undefined
      if (outcome === 'denied' && s.held < input.cost) {
        s.refusedUntil = this.clock() + this.refusalMemoMs
        s.refusedNeed = input.cost - s.held
        return {
          success: false,
          remaining: Math.max(0, Math.min(s.limit - (s.counted - s.held), input.cost - 1)),
          windowStart,
        }
      }
    }
  }

  /**
   * One lease transaction: returns held permits when the limit changed, then takes between
   * `cost - held` and `next` permits, at most half of what the window has left (but at least
   * what is needed). False when the window cannot give what is needed.
   */
  private async lease(
    s: WindowState,
    limit: number,
    cost: number,
  ): Promise<{ granted: boolean; othersHold: boolean }> {
    const giveBack = s.limit !== limit ? s.held : 0
    const holdKept = s.held - giveBack
    const need = Math.max(0, cost - holdKept)
    const want = Math.max(need, Math.min(s.next, this.maxLease))
    const params = [s.namespaceId, s.identifier, s.duration, s.windowStart]
    if (!s.leased) {
      s.leased = true
      const first = await this.firstLease(s, limit, need, want)
      if (first) return first
    }
    // Far from the limit (as far as this instance last saw the row), one statement does what the
    // transaction would; near it, or when the row is missing, the transaction decides.
    if (s.counted - giveBack <= limit - 2 * want) {
      const rows = await this.db.query<{ count: unknown }>(this.sql.quick, [
        ...params,
        giveBack,
        want,
        s.holding ? 0 : 1,
        limit,
      ])
      if (rows.length > 0) {
        s.limit = limit
        s.held = holdKept + want
        s.holding = true
        s.counted = num(rows[0]?.count)
        s.next = Math.min(this.maxLease, Math.max(1, want * 2))
        this.holding.add(s)
        return { granted: true, othersHold: false }
      }
    }
    const result = await this.db.transaction(async (tx) => {
      await tx.query(this.sql.insert, this.sql.withLimit ? [...params, limit] : params)
      const rows = await tx.query<{ count: unknown; holders: unknown }>(this.sql.select, params)
      const current = Math.max(0, num(rows[0]?.count) - giveBack)
      const left = limit - current
      const grant = left >= need ? Math.min(want, Math.max(need, Math.floor(left / 2))) : 0
      const holds = holdKept + grant > 0
      const joined = (holds ? 1 : 0) - (s.holding ? 1 : 0)
      await tx.query(
        this.sql.update,
        this.sql.withLimit
          ? [...params, current + grant, joined, limit]
          : [...params, current + grant, joined],
      )
      const othersHold = num(rows[0]?.holders) - (s.holding ? 1 : 0) > 0
      return { grant, count: current + grant, holds, othersHold }
    })
    s.limit = limit
    s.held = holdKept + result.grant
    s.holding = result.holds
    s.counted = result.count
    s.next = Math.min(this.maxLease, Math.max(1, want * 2))
    if (s.held > 0) this.holding.add(s)
    return { granted: result.grant > 0 || need === 0, othersHold: result.othersHold }
  }

  /**
   * The first lease of a window nobody counted in yet, in one statement (batched with the other
   * new windows of this turn, see `insertFirstBatch`): the row is created
   * with the grant already counted (what the transaction would grant from a count of 0). When
   * the row exists (another instance, or this one before it forgot the window) it inserts
   * nothing and the caller takes the transaction. An instance holding only what the waiting
   * request uses at once does not join the holders (it would leave again at once).
   */
  private async firstLease(
    s: WindowState,
    limit: number,
    need: number,
    want: number,
  ): Promise<{ granted: boolean; othersHold: boolean } | undefined> {
    if (limit < need || s.held > 0 || s.holding) return undefined
    const grant = Math.min(want, Math.max(need, Math.floor(limit / 2)))
    const holds = grant > need
    const inserted = await new Promise<boolean>((resolve, reject) => {
      const row: FirstLeaseRow = {
        a: s.namespaceId,
        b: s.identifier,
        d: s.duration,
        w: s.windowStart,
        c: grant,
        h: holds ? 1 : 0,
        l: limit,
        resolve,
        reject,
      }
      if (this.firstBatch.push(row) === 1 && this.firstBatchesSent < FIRST_BATCHES_IN_FLIGHT)
        setImmediate(() => void this.insertFirstBatch())
    })
    if (!inserted) return undefined
    s.limit = limit
    s.held = grant
    s.holding = holds
    s.counted = grant
    s.next = Math.min(this.maxLease, Math.max(1, want * 2))
    this.holding.add(s)
    return { granted: true, othersHold: false }
  }

  /**
   * The first leases of the identifiers that arrived in this turn of the event loop, in one
   * multi-row INSERT: many new identifiers at once cost one statement, not one each. Each is told
   * whether its row was created (else it takes the transaction). While two INSERTs are on their
   * way, the rows that arrive would only queue behind them in the database as a statement of
   * their own: they wait and follow together (a statement's fixed cost is most of its cost).
   */
  private async insertFirstBatch(): Promise<void> {
    const batch = this.firstBatch
    if (batch.length === 0) return
    this.firstBatch = []
    this.firstBatchesSent++
    let rows: { a: string; b: string; duration: unknown; window_start: unknown }[] | undefined
    try {
      rows = await this.db.query(this.sql.first, [
        JSON.stringify(batch.map(({ a, b, d, w, c, h, l }) => ({ a, b, d, w, c, h, l }))),
      ])
    } catch (error) {
      for (const row of batch) row.reject(error)
    }
    // The next batch goes before this one's requests are answered: the database need not wait
    // for the event loop to finish them.
    this.firstBatchesSent--
    if (this.firstBatch.length > 0) void this.insertFirstBatch()
    if (!rows) return
    const created = new Set(
      rows.map((r) => `${r.a}\u0000${r.b}\u0000${num(r.duration)}\u0000${num(r.window_start)}`),
    )
    for (const row of batch) row.resolve(created.has(`${row.a}\u0000${row.b}\u0000${row.d}\u0000${row.w}`))
  }

  /** This instance used all it held: it leaves the row's holders (in the background). */
  private settle(s: WindowState): void {
    if (!s.holding) return
    s.holding = false
    const params = [s.namespaceId, s.identifier, s.duration, s.windowStart]
    void this.db.query(this.sql.settle, params).catch(() => {
      // Left counted as a holder, others wait at most reclaimWaitMs before they deny.
    })
  }

  /**
   * Hands back permits held without use for `idleReturnMs`, and forgets ended windows. Only the
   * windows that hold permits are visited on every tick; the walk over all of them (ten thousand
   * identifiers are ten thousand windows) runs about once a second, as forgetting is only memory.
   */
  async sweep(all = false): Promise<void> {
    const now = this.clock()
    for (const s of this.holding) {
      if (s.busy) continue
      if (s.held === 0 || s.windowStart + s.duration <= now) {
        this.holding.delete(s)
        continue
      }
      if (all || now - s.lastUse >= this.idleReturnMs) {
        this.holding.delete(s)
        const held = s.held
        s.held = 0
        s.holding = false
        s.next = 1
        s.busy = this.db
          .query(this.sql.giveBack, [s.namespaceId, s.identifier, s.duration, s.windowStart, held])
          .then(() => {
            s.counted -= held
          })
          .finally(() => {
            s.busy = undefined
          })
        await s.busy
      }
    }
    if (!all && now - this.forgotAt < FORGET_EVERY_MS) return
    this.forgotAt = now
    for (const [key, s] of this.windows) {
      if (s.busy) continue
      if (s.windowStart + s.duration <= now) this.windows.delete(key)
      else if (s.held === 0 && now - s.lastUse >= Math.max(this.idleReturnMs, 5000)) this.windows.delete(key)
    }
  }

  /**
   * Drops every window without giving permits back: the test controls' reset, after the counters
   * they were leased from were restored to the seeded state.
   */
  forget(): void {
    this.windows.clear()
    this.holding.clear()
  }

  /** Returns every held permit (clean shutdown). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    clearInterval(this.timer)
    await this.sweep(true)
  }
}
