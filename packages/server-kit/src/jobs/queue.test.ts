import { Writable } from 'node:stream'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/database.js'
import { schemaPerTest } from '../test-support/schema-per-test.js'
import { openTestDatabase, testDatabaseKinds } from '../testing.js'
import { JobQueue } from './queue.js'

// A deadline generous enough for a loaded machine; the condition usually holds within milliseconds.
const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A logger at `level` whose lines are kept, parsed, in `lines`. */
function capturedLog(level: 'debug' | 'warn') {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()))
      done()
    },
  })
  return { lines, logger: pino({ level }, sink) }
}

describe.each(testDatabaseKinds())('JobQueue on %s', (kind) => {
  const freshDatabase = schemaPerTest(kind)
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })
  /** `ownEngine`: on PGlite an instance of the test's own, closed for good after it, not a schema on the shared one. */
  const setup = async ({ ownEngine = false } = {}) => {
    const db = await (ownEngine ? openTestDatabase(kind) : freshDatabase())
    cleanups.push(() => db.close())
    await db.exec('CREATE TABLE effects (job_id text, step int)')
    return db
  }
  const queueOn = (db: Database, options = {}) => {
    const queue = new JobQueue(db, { pollMs: 20, leaseMs: 300, ...options })
    cleanups.push(() => queue.stop())
    return queue
  }
  /** A started queue whose `q` jobs record their payload's `n` as an effect. */
  const recordingQueue = async () => {
    const db = await setup()
    const queue = queueOn(db)
    await queue.install()
    queue.work<{ n: number }>('q', async (job, ctx) => {
      await ctx.complete((tx) => tx.query('INSERT INTO effects VALUES ($1, $2)', [job.id, job.payload.n]))
    })
    queue.start()
    return { db, queue }
  }

  it('runs an enqueued job once and marks it done', async () => {
    const { db, queue } = await recordingQueue()
    const id = await db.transaction((tx) => queue.enqueue(tx, 'q', { n: 7 }))
    await until(async () => (await queue.status(id))?.status === 'done')
    expect(await db.query('SELECT step FROM effects')).toEqual([{ step: 7 }])
  })

  it('backs off while it finds nothing, and is woken at once by an enqueue and when a delayed job falls due', async () => {
    const db = await setup()
    let claims = 0
    const counting: Database = {
      ...db,
      query: (text, params) => {
        if (text.includes('FOR UPDATE SKIP LOCKED')) claims++
        return db.query(text, params)
      },
    }
    const queue = queueOn(counting, { idlePollMs: 400 })
    await queue.install()
    const ran: number[] = []
    queue.work<{ n: number }>('q', async (job) => {
      ran.push(job.payload.n)
    })
    queue.start()
    // At 20 ms a look, an idle second would be 50 looks; backing off to 400 ms, fewer than 10.
    await until(async () => claims >= 5)
    const before = claims
    await new Promise((r) => setTimeout(r, 1_000))
    expect(claims - before).toBeLessThanOrEqual(5)
    await db.transaction((tx) => queue.enqueue(tx, 'q', { n: 1 }))
    await until(async () => ran.includes(1))
    // Due in 1.2 s, while the idle worker waits up to 400 ms between looks: found when due.
    const runAt = new Date(Date.now() + 1_200)
    await db.transaction((tx) => queue.enqueue(tx, 'q', { n: 2 }, { runAt }))
    await until(async () => ran.includes(2))
    expect(Date.now()).toBeGreaterThanOrEqual(runAt.getTime())
  })

  it('keeps a job due weeks ahead for later without a timer Node would fire at once', async () => {
    const db = await setup()
    const queue = queueOn(db)
    await queue.install()
    const ran: number[] = []
    queue.work<{ n: number }>('q', async (job) => {
      ran.push(job.payload.n)
    })
    queue.start()
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const runAt = new Date(Date.now() + 40 * 24 * 3_600_000)
      const id = await db.transaction((tx) => queue.enqueue(tx, 'q', { n: 40 }, { runAt }))
      await db.transaction((tx) => queue.enqueue(tx, 'q', { n: 1 }))
      await until(async () => ran.includes(1))
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r))
      expect(warnings).not.toContain('TimeoutOverflowWarning')
      expect(ran).toEqual([1])
      expect((await queue.status(id))?.status).toBe('pending')
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('stop waits for a claim in flight and for the run it starts, so the database can close after it', async () => {
    // Closed right after the queue stops, as a service does at shutdown.
    const db = await setup({ ownEngine: true })
    let claimStarted: () => void = () => {}
    const claiming = new Promise<void>((resolve) => {
      claimStarted = resolve
    })
    let releaseClaim: () => void = () => {}
    const claimHeld = new Promise<void>((resolve) => {
      releaseClaim = resolve
    })
    // The claim statement starts, then waits until the test has called stop.
    const slowClaims: Database = {
      ...db,
      query: async (text, params) => {
        if (text.includes('FOR UPDATE SKIP LOCKED')) {
          claimStarted()
          await claimHeld
        }
        return db.query(text, params)
      },
    }
    const queue = queueOn(slowClaims)
    await queue.install()
    const runs: string[] = []
    queue.work('q', async (_job, ctx) => {
      runs.push('started')
      await db.query('SELECT 1')
      runs.push(ctx.signal.aborted ? 'aborted' : 'finished')
    })
    await db.transaction((tx) => queue.enqueue(tx, 'q', {}))
    queue.start()
    await claiming
    const stopped = queue.stop()
    releaseClaim()
    await stopped
    expect(runs).toEqual(['started', 'aborted'])
  })

  it('does not see a job whose enqueuing transaction rolled back', async () => {
    const db = await setup()
    const queue = queueOn(db)
    await queue.install()
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, 'q', {})
        throw new Error('request failed')
      }),
    ).rejects.toThrow('request failed')
    expect(await db.query('SELECT * FROM jobs')).toEqual([])
  })

  it('moves a workflow through its steps with continueWith, logging each step at debug once committed', async () => {
    const { lines, logger } = capturedLog('debug')
    const db = await setup()
    const queue = queueOn(db, { logger })
    await queue.install()
    queue.work<{ step: number }>('wf', async (job, ctx) => {
      const record = (tx: { query: Database['query'] }) =>
        tx.query('INSERT INTO effects VALUES ($1, $2)', [job.id, job.payload.step]).then(() => {})
      if (job.payload.step < 3) await ctx.continueWith({ step: job.payload.step + 1 }, { fn: record })
      else await ctx.complete(record)
    })
    queue.start()
    const id = await db.transaction((tx) => queue.enqueue(tx, 'wf', { step: 1 }))
    await until(async () => (await queue.status(id))?.status === 'done')
    expect(
      (await db.query<{ step: number }>('SELECT step FROM effects ORDER BY step')).map((r) => r.step),
    ).toEqual([1, 2, 3])
    expect(lines.map(({ msg, queue, jobId, level }) => ({ msg, queue, jobId, level }))).toEqual([
      { msg: 'job continued', queue: 'wf', jobId: id, level: 20 },
      { msg: 'job continued', queue: 'wf', jobId: id, level: 20 },
    ])
  })

  it('retries a failing job and gives up after max attempts', async () => {
    const db = await setup()
    const queue = queueOn(db, { retryDelayMs: () => 0, onError: () => {} })
    await queue.install()
    let runs = 0
    queue.work('boom', async () => {
      runs++
      throw new Error('nope')
    })
    queue.start()
    const id = await db.transaction((tx) => queue.enqueue(tx, 'boom', {}, { maxAttempts: 3 }))
    await until(async () => (await queue.status(id))?.status === 'failed')
    expect(runs).toBe(3)
    expect((await queue.status(id))?.lastError).toBe('nope')
  })

  it("logs each failed run as one structured line of the service's logger, with the job and its error", async () => {
    const { lines, logger } = capturedLog('warn')
    const db = await setup()
    const queue = queueOn(db, { retryDelayMs: () => 0, logger })
    await queue.install()
    queue.work('boom', async () => {
      throw new Error('receiver refused')
    })
    queue.start()
    const id = await db.transaction((tx) => queue.enqueue(tx, 'boom', {}, { maxAttempts: 2 }))
    await until(async () => (await queue.status(id))?.status === 'failed')
    await until(async () => lines.length === 2)
    expect(lines.map(({ msg, queue, jobId, attempt }) => ({ msg, queue, jobId, attempt }))).toEqual([
      { msg: 'job failed', queue: 'boom', jobId: id, attempt: 1 },
      { msg: 'job failed', queue: 'boom', jobId: id, attempt: 2 },
    ])
    expect(lines[0]?.level).toBe(40)
    expect(lines[0]?.err).toMatchObject({ message: 'receiver refused' })
  })

  it('lets another worker take over a job whose lease ran out, and commits it once', async () => {
    const db = await setup()
    const stuck = queueOn(db, { workerId: 'stuck', leaseMs: 150 })
    await stuck.install()
    let release: () => void = () => {}
    const blocked = new Promise<void>((r) => {
      release = r
    })
    let stuckFinished: () => void = () => {}
    const stuckDone = new Promise<void>((r) => {
      stuckFinished = r
    })
    // The first worker claims the job, then stops heart-beating (as a frozen or killed process would).
    stuck.work('q', async (job, ctx) => {
      ;(stuck as unknown as { extend: () => Promise<void> }).extend = async () => {}
      try {
        await blocked
        await ctx.complete((tx) => tx.query('INSERT INTO effects VALUES ($1, 1)', [job.id]))
      } finally {
        stuckFinished()
      }
    })
    stuck.start()
    const id = await db.transaction((tx) => stuck.enqueue(tx, 'q', {}))
    await until(async () => (await queue(db).status(id))?.status === 'running')
    const rescuer = queueOn(db, { workerId: 'rescuer', leaseMs: 150 })
    rescuer.work('q', async (job, ctx) => {
      await ctx.complete((tx) => tx.query('INSERT INTO effects VALUES ($1, 2)', [job.id]))
    })
    rescuer.start()
    await until(async () => (await rescuer.status(id))?.status === 'done')
    release()
    // The stuck worker's late attempt to complete has ended (refused: its lease is gone).
    await stuckDone
    expect(await db.query('SELECT step FROM effects')).toEqual([{ step: 2 }])
  })

  it('creates one job for one dedupe key', async () => {
    const db = await setup()
    const q = queueOn(db)
    await q.install()
    const a = await q.enqueue(db, 'q', {}, { dedupeKey: 'k' })
    const b = await q.enqueue(db, 'q', {}, { dedupeKey: 'k' })
    expect(a).toBe(b)
    expect(await db.query('SELECT count(*)::int AS n FROM jobs')).toEqual([{ n: 1 }])
  })

  it('records several jobs in one statement, each run once with its payload', async () => {
    const { db, queue } = await recordingQueue()
    const ids = await db.transaction((tx) => queue.enqueueMany(tx, 'q', [{ n: 1 }, { n: 2 }, { n: 3 }]))
    expect(new Set(ids).size).toBe(3)
    await until(async () => (await db.query('SELECT count(*)::int AS n FROM effects'))[0]?.n === 3)
    const effects = await db.query<{ job_id: string; step: number }>(
      'SELECT job_id, step FROM effects ORDER BY step',
    )
    expect(effects).toEqual(ids.map((id, i) => ({ job_id: id, step: i + 1 })))
    expect(await queue.enqueueMany(db, 'q', [])).toEqual([])
  })
})

function queue(db: Database) {
  return new JobQueue(db)
}
