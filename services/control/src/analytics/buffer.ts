/**
 * Buffered analytics writes. `key_verifications` and `ratelimit_decisions` get one row per
 * `keys.verifyKey` / `ratelimit.limit` call; inserting each row on the request path costs a
 * database round trip (and, on PGlite, time on its single thread) per request. Rows are queued in
 * memory and written in one multi-row INSERT per table every `flushMs` (default 50 ms,
 * `CONTROL_ANALYTICS_FLUSH_MS`), or as soon as `maxRows` are queued.
 *
 * `api_keys.last_used_at` of keys without credits is batched the same way (`touchKey`); keys with
 * credits set it in the statement that spends them.
 *
 * Durability trade-off: analytics rows only. A crash (SIGKILL, power loss) may lose the rows of
 * the last ≤ `flushMs` ms; a clean stop flushes them. Credit spends and rate-limit counters are
 * never buffered: they are committed before the response is sent. Readers of these tables in
 * this process (`analytics.*`, `portal.getVerifications`) call `flush()` first, so they see every
 * decision this process answered; another process sees them within `flushMs`.
 */
import type { Sql } from '@apiplatform/server-kit'
import type { VerificationRow } from '../repositories/api-keys.js'

export type { VerificationRow }

export interface RatelimitDecisionRow {
  workspaceId: string
  namespaceId: string
  identifier: string
  passed: boolean
  time: number
}

const INSERT_VERIFICATIONS = `
INSERT INTO key_verifications (workspace_id, key_id, api_id, identity_id, outcome, time, tags, region)
SELECT x.w, x.k, x.a, x.i, x.o, to_timestamp(x.t / 1000), ARRAY(SELECT jsonb_array_elements_text(x.g)), x.r
FROM jsonb_to_recordset($1::jsonb) AS x(w text, k text, a text, i text, o text, t double precision, g jsonb, r text)`

const INSERT_DECISIONS = `
INSERT INTO ratelimit_decisions (workspace_id, namespace_id, identifier, passed, time)
SELECT x.w, x.n, x.i, x.p, x.t
FROM jsonb_to_recordset($1::jsonb) AS x(w text, n text, i text, p boolean, t bigint)`

const TOUCH_KEYS = `
UPDATE api_keys SET last_used_at = GREATEST(COALESCE(api_keys.last_used_at, 0), x.t)
FROM jsonb_to_recordset($1::jsonb) AS x(k text, t bigint) WHERE api_keys.id = x.k`

export interface AnalyticsBufferOptions {
  /** Longest time a row waits in memory; 0 writes every row at once (no buffering). */
  flushMs?: number
  /** Queue length that triggers a flush before the timer. */
  maxRows?: number
  onError?: (error: unknown) => void
}

export class AnalyticsBuffer {
  private verifications: VerificationRow[] = []
  private decisions: RatelimitDecisionRow[] = []
  private touched = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private readonly flushMs: number
  private readonly maxRows: number
  private readonly onError: (error: unknown) => void

  constructor(
    private readonly sql: Sql,
    options: AnalyticsBufferOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 50
    this.maxRows = options.maxRows ?? 1000
    this.onError = options.onError ?? ((error) => console.error('analytics flush failed', error))
  }

  /** Queues a `key_verifications` row (written at once when buffering is off). */
  recordVerification(row: VerificationRow): Promise<void> {
    this.verifications.push(row)
    return this.queued()
  }

  /** Queues a `ratelimit_decisions` row (written at once when buffering is off). */
  recordDecision(row: RatelimitDecisionRow): Promise<void> {
    this.decisions.push(row)
    return this.queued()
  }

  /** Marks a key used at `time` (`api_keys.last_used_at`), written with the next batch. */
  touchKey(keyId: string, time: number): void {
    const before = this.touched.get(keyId)
    if (before === undefined || before < time) this.touched.set(keyId, time)
    void this.queued()
  }

  /** Writes every queued row; resolves once they are committed (or failed and were reported). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    const verifications = this.verifications
    const decisions = this.decisions
    const touched = this.touched
    this.verifications = []
    this.decisions = []
    this.touched = new Map()
    // Flushes are chained so that a reader's flush also waits for one already running.
    this.flushing = this.flushing.then(() => this.write(verifications, decisions, touched))
    return this.flushing
  }

  private queued(): Promise<void> {
    if (this.flushMs <= 0) return this.flush()
    if (this.verifications.length + this.decisions.length + this.touched.size >= this.maxRows)
      void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined
        void this.flush()
      }, this.flushMs)
      this.timer.unref()
    }
    return Promise.resolve()
  }

  private async write(
    verifications: VerificationRow[],
    decisions: RatelimitDecisionRow[],
    touched: Map<string, number>,
  ) {
    try {
      if (touched.size > 0) {
        await this.sql.query(TOUCH_KEYS, [JSON.stringify([...touched].map(([k, t]) => ({ k, t })))])
      }
      if (verifications.length > 0) {
        await this.sql.query(INSERT_VERIFICATIONS, [
          JSON.stringify(
            verifications.map((v) => ({
              w: v.workspaceId,
              k: v.keyId,
              a: v.apiId,
              i: v.identityId,
              o: v.outcome,
              t: v.time,
              g: v.tags,
              r: v.region,
            })),
          ),
        ])
      }
      if (decisions.length > 0) {
        await this.sql.query(INSERT_DECISIONS, [
          JSON.stringify(
            decisions.map((d) => ({
              w: d.workspaceId,
              n: d.namespaceId,
              i: d.identifier,
              p: d.passed,
              t: d.time,
            })),
          ),
        ])
      }
    } catch (error) {
      this.onError(error)
    }
  }
}
