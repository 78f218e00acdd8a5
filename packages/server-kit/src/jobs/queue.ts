import { randomUUID } from 'node:crypto'
import type { Database, Sql } from '../db/database.js'
import type { Logger } from '../log/logger.js'
import { JOBS_SCHEMA } from './schema.sql.js'

/** The longest delay a Node timer holds. */
const MAX_TIMER_MS = 2 ** 31 - 1

export type JobStatus = 'pending' | 'running' | 'done' | 'failed'

export interface Job<Payload = unknown> {
  id: string
  queue: string
  payload: Payload
  /** 1 on the first run; grows on every retry and on every resume after a lost lease. */
  attempts: number
}

export interface JobContext {
  db: Database
  /** Aborted when the worker stops or the lease is lost: stop work that has not been committed. */
  signal: AbortSignal
  /**
   * Runs `fn` and marks the job done in the same transaction, but only while this worker still
   * holds the lease: if another worker took the job over, nothing of `fn` is committed. This is
   * what makes a step take effect exactly once.
   */
  complete<T>(fn?: (tx: Sql) => Promise<T>): Promise<T | undefined>
  /**
   * Records progress and schedules the next step of a multi-step workflow: `fn` runs and the job
   * goes back to pending with a new payload, in one transaction, guarded by the lease.
   */
  continueWith(
    payload: unknown,
    options?: { delayMs?: number; fn?: (tx: Sql) => Promise<void> },
  ): Promise<void>
}

export type JobHandler<Payload = unknown> = (job: Job<Payload>, ctx: JobContext) => Promise<void>

export interface EnqueueOptions {
  /** Earliest start. */
  runAt?: Date
  /** Enqueuing twice with one key creates one job. */
  dedupeKey?: string
  maxAttempts?: number
}

export interface JobQueueOptions {
  workerId?: string
  /** How long a claimed job stays ours without a heartbeat before another worker may take it. */
  leaseMs?: number
  /** How often a worker looks for work after it was woken or last found some. */
  pollMs?: number
  /**
   * The longest wait between looks of a worker that keeps finding nothing (default 2,000 ms, never
   * below `pollMs`): each empty look doubles the wait from `pollMs` up to this. Work enqueued or
   * delayed by this process wakes the worker at once or when due, whatever the wait; what other
   * processes enqueue, and leases that ran out, are found within this bound.
   */
  idlePollMs?: number
  /** Delay before a failed job is retried, by attempt number. */
  retryDelayMs?: (attempt: number) => number
  /**
   * Where a failed job and a failed poll are logged, one structured line each (a job's failure at
   * `warn`: it is retried; a poll's at `error`). Without one they go to the console.
   */
  logger?: Logger
  /** Called for each failed run of a job instead of logging it. */
  onError?: (error: unknown, job: Job) => void
}

class LeaseLost extends Error {
  constructor(id: string) {
    super(`lease on job ${id} was lost`)
  }
}

/**
 * A durable job queue on the service's own database (PGlite or PostgreSQL).
 *
 * Work is recorded by `enqueue` inside the caller's transaction, so a request that answers 202 has
 * its work on disk. Workers claim jobs with `FOR UPDATE SKIP LOCKED` and a lease that a heartbeat
 * extends; a job whose worker died (its lease ran out) is claimed again by any live worker, in this
 * process or another one sharing the database. Handlers finish through `ctx.complete` or
 * `ctx.continueWith`, which commit only while the lease is held.
 *
 * Why not pg-boss or graphile-worker: the current releases of both need Node 22, and both assume a
 * connection pool with LISTEN/NOTIFY that embedded PGlite (one connection in-process) does not give.
 */
export class JobQueue {
  readonly workerId: string
  private readonly handlers = new Map<string, { handler: JobHandler; concurrency: number; running: number }>()
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly idlePollMs: number
  /** The wait before the next look: `pollMs` after work, doubling while looks find nothing. */
  private idleDelay: number
  /** Wake-ups at the times this process knows jobs fall due (delayed runs, retries). */
  private readonly dueTimers = new Set<NodeJS.Timeout>()
  private readonly retryDelayMs: (attempt: number) => number
  private readonly onError: (error: unknown, job: Job) => void
  private readonly onPollError: (error: unknown) => void
  private readonly logger: Logger | undefined
  private readonly inFlight = new Set<Promise<void>>()
  private readonly controllers = new Set<AbortController>()
  private timer: NodeJS.Timeout | undefined
  private running = false
  private ticking = false
  /** The poll in progress: `stop` waits for it, as a claim in flight may still start a run. */
  private tickDone: Promise<void> = Promise.resolve()
  private wakeAgain = false

  constructor(
    private readonly db: Database,
    options: JobQueueOptions = {},
  ) {
    this.workerId = options.workerId ?? `worker_${randomUUID()}`
    this.leaseMs = options.leaseMs ?? 10_000
    this.pollMs = options.pollMs ?? 500
    this.idlePollMs = Math.max(this.pollMs, options.idlePollMs ?? 2_000)
    this.idleDelay = this.pollMs
    this.retryDelayMs = options.retryDelayMs ?? ((attempt) => Math.min(60_000, 1000 * 2 ** attempt))
    const logger = options.logger
    this.logger = logger
    this.onError =
      options.onError ??
      (logger
        ? (error, job) =>
            logger.warn({ queue: job.queue, jobId: job.id, attempt: job.attempts, err: error }, 'job failed')
        : (error, job) => console.error(`job ${job.queue}/${job.id} failed`, error))
    this.onPollError = logger
      ? (error) => logger.error({ err: error }, 'job queue poll failed')
      : (error) => console.error('job queue poll failed', error)
  }

  /** Creates the jobs table; safe to call from every process. */
  async install(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [7_100_7201])
      for (const statement of JOBS_SCHEMA) await tx.query(statement)
    })
  }

  /** Records a job; pass the request's transaction so the job exists exactly when its effects do. */
  async enqueue(sql: Sql, queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
    const id = randomUUID()
    const rows = await sql.query<{ id: string }>(
      `INSERT INTO jobs (id, queue, payload, run_at, dedupe_key, max_attempts)
       VALUES ($1, $2, $3, COALESCE($4, now()), $5, $6)
       ON CONFLICT (dedupe_key) DO UPDATE SET dedupe_key = EXCLUDED.dedupe_key
       RETURNING id`,
      [
        id,
        queue,
        JSON.stringify(payload),
        options.runAt ?? null,
        options.dedupeKey ?? null,
        options.maxAttempts ?? 10,
      ],
    )
    this.wakeAt(options.runAt)
    return rows[0]?.id ?? id
  }

  /**
   * Records several jobs of one queue in one statement (a commit that produces many, say one per
   * page); like `enqueue` without dedupe keys. Returns their ids, in the order of `payloads`.
   */
  async enqueueMany(
    sql: Sql,
    queue: string,
    payloads: readonly unknown[],
    options: Omit<EnqueueOptions, 'dedupeKey'> = {},
  ): Promise<string[]> {
    if (payloads.length === 0) return []
    const ids = payloads.map(() => randomUUID())
    await sql.query(
      `INSERT INTO jobs (id, queue, payload, run_at, max_attempts)
       SELECT i, $2, p, COALESCE($4, now()), $5 FROM unnest($1::text[], $3::jsonb[]) AS t(i, p)`,
      [ids, queue, payloads.map((p) => JSON.stringify(p)), options.runAt ?? null, options.maxAttempts ?? 10],
    )
    this.wakeAt(options.runAt)
    return ids
  }

  /** Registers the handler of a queue. Call before `start`. */
  work<Payload>(queue: string, handler: JobHandler<Payload>, options: { concurrency?: number } = {}): void {
    this.handlers.set(queue, {
      handler: handler as JobHandler,
      concurrency: options.concurrency ?? 4,
      running: 0,
    })
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.schedule(0)
  }

  /** Stops claiming, aborts running handlers, and waits for them to return. */
  async stop(): Promise<void> {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    for (const timer of this.dueTimers) clearTimeout(timer)
    this.dueTimers.clear()
    await this.tickDone
    for (const controller of this.controllers) controller.abort()
    await Promise.allSettled([...this.inFlight])
  }

  /** Looks for work now instead of at the next poll (called after enqueue). */
  wake(): void {
    if (!this.running) return
    this.idleDelay = this.pollMs
    if (this.ticking) {
      this.wakeAgain = true
      return
    }
    this.schedule(0)
  }

  async status(
    id: string,
  ): Promise<{ status: JobStatus; attempts: number; lastError: string | null } | undefined> {
    const rows = await this.db.query<{
      status: JobStatus
      attempts: number
      last_error: string | null
    }>('SELECT status, attempts, last_error FROM jobs WHERE id = $1', [id])
    const row = rows[0]
    return (
      row && {
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
      }
    )
  }

  /** Wakes the worker now, or at `runAt` when that is later. */
  private wakeAt(runAt: Date | undefined): void {
    const delay = runAt ? runAt.getTime() - Date.now() : 0
    if (delay > 0) this.wakeIn(delay)
    else this.wake()
  }

  private wakeIn(delayMs: number): void {
    // Node fires a timer past 2^31 - 1 ms at once (with a warning); a job due that far ahead is
    // found by the idle polls anyway.
    if (!this.running || delayMs > MAX_TIMER_MS) return
    const timer = setTimeout(() => {
      this.dueTimers.delete(timer)
      this.wake()
    }, delayMs)
    timer.unref()
    this.dueTimers.add(timer)
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.tickDone = this.tick()
    }, delay)
  }

  private async tick(): Promise<void> {
    if (!this.running) return
    this.ticking = true
    let claimed = 0
    try {
      // One claim statement for every queue with room (not one per queue): on embedded PGlite,
      // each statement blocks the event loop, and idle polls add up.
      while (this.running) {
        const open = [...this.handlers].filter(([, entry]) => entry.running < entry.concurrency)
        if (open.length === 0) break
        const job = await this.claim(open.map(([queue]) => queue))
        const entry = job && this.handlers.get(job.queue)
        if (!job || !entry) break
        claimed++
        this.run(job, entry)
      }
    } catch (error) {
      if (this.running) this.onPollError(error)
    } finally {
      this.ticking = false
      if (claimed > 0) this.idleDelay = this.pollMs
      if (this.running) this.schedule(this.wakeAgain ? 0 : this.idleDelay)
      // An empty look on embedded PGlite costs milliseconds of the database thread: back off.
      if (claimed === 0 && !this.wakeAgain) this.idleDelay = Math.min(this.idleDelay * 2, this.idlePollMs)
      this.wakeAgain = false
    }
  }

  private async claim(queues: string[]): Promise<Job | undefined> {
    const rows = await this.db.query<{
      id: string
      queue: string
      payload: unknown
      attempts: number
    }>(
      `UPDATE jobs SET status = 'running', locked_by = $1,
              locked_until = now() + make_interval(secs => $2::double precision / 1000), attempts = attempts + 1
       WHERE id = (
         SELECT id FROM jobs
         WHERE queue = ANY($3::text[])
           AND ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
         ORDER BY run_at, created_at
         FOR UPDATE SKIP LOCKED
         LIMIT 1)
       RETURNING id, queue, payload, attempts`,
      [this.workerId, this.leaseMs, queues],
    )
    const row = rows[0]
    if (!row) return undefined
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    return { id: row.id, queue: row.queue, payload, attempts: row.attempts }
  }

  private run(job: Job, entry: { handler: JobHandler; running: number }): void {
    entry.running++
    const controller = new AbortController()
    this.controllers.add(controller)
    const heartbeat = setInterval(() => void this.extend(job.id, controller), Math.max(50, this.leaseMs / 3))
    let settled = false
    const guard = async (tx: Sql) => {
      const owned = await tx.query(
        `SELECT 1 FROM jobs WHERE id = $1 AND locked_by = $2 AND status = 'running' FOR UPDATE`,
        [job.id, this.workerId],
      )
      if (owned.length === 0) throw new LeaseLost(job.id)
    }
    const ctx: JobContext = {
      db: this.db,
      signal: controller.signal,
      complete: async (fn) => {
        const result = await this.db.transaction(async (tx) => {
          await guard(tx)
          const value = fn ? await fn(tx) : undefined
          await tx.query(
            `UPDATE jobs SET status = 'done', finished_at = now(), locked_by = NULL, locked_until = NULL WHERE id = $1`,
            [job.id],
          )
          return value
        })
        settled = true
        return result
      },
      continueWith: async (payload, options = {}) => {
        await this.db.transaction(async (tx) => {
          await guard(tx)
          if (options.fn) await options.fn(tx)
          await tx.query(
            `UPDATE jobs SET status = 'pending', payload = $2, attempts = 0, locked_by = NULL, locked_until = NULL,
                    run_at = now() + make_interval(secs => $3::double precision / 1000)
             WHERE id = $1`,
            [job.id, JSON.stringify(payload), options.delayMs ?? 0],
          )
        })
        settled = true
        // Once the step is committed: what an operator, or a test that stops a process between two
        // steps, can wait for.
        this.logger?.debug({ queue: job.queue, jobId: job.id }, 'job continued')
        if (options.delayMs) this.wakeIn(options.delayMs)
        else this.wake()
      },
    }
    const promise = (async () => {
      try {
        await entry.handler(job, ctx)
        if (!settled) await ctx.complete()
      } catch (error) {
        if (error instanceof LeaseLost || controller.signal.aborted) return
        this.onError(error, job)
        await this.fail(job, error).catch((e) => this.onError(e, job))
      } finally {
        clearInterval(heartbeat)
        this.controllers.delete(controller)
        entry.running--
        this.wake()
      }
    })()
    this.inFlight.add(promise)
    void promise.finally(() => this.inFlight.delete(promise))
  }

  private async extend(id: string, controller: AbortController): Promise<void> {
    try {
      const rows = await this.db.query(
        `UPDATE jobs SET locked_until = now() + make_interval(secs => $3::double precision / 1000)
         WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
        [id, this.workerId, this.leaseMs],
      )
      if (rows.length === 0) controller.abort()
    } catch {
      // A missed heartbeat is retried by the next one; the lease is three beats long.
    }
  }

  private async fail(job: Job, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error)
    const retryDelayMs = this.retryDelayMs(job.attempts)
    await this.db.query(
      `UPDATE jobs SET
         status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
         finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
         run_at = now() + make_interval(secs => $3::double precision / 1000),
         last_error = $2, locked_by = NULL, locked_until = NULL
       WHERE id = $1 AND locked_by = $4`,
      [job.id, message, retryDelayMs, this.workerId],
    )
    this.wakeIn(retryDelayMs)
  }
}
