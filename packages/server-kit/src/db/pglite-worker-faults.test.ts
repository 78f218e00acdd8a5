// The worker's faults (a read that cannot cross, a stall) in a file of their own: their waits run
// beside the other worker tests instead of after them.
import { describe, expect, it } from 'vitest'
import { classifyDatabaseFailure, DatabaseStalledError } from './failures.js'
import { openPgliteWorker } from './pglite-worker.js'

describe('openPgliteWorker faults', () => {
  it('fails a read whose rows cannot cross to the caller, and keeps answering', async () => {
    const db = await openPgliteWorker(undefined, { callTimeoutMs: 3_000 })
    try {
      let deep: unknown = 1
      for (let i = 0; i < 2_000; i++) deep = { a: deep }
      await db.exec('CREATE TABLE deep (id text PRIMARY KEY, meta jsonb)')
      await db.query('INSERT INTO deep VALUES ($1, $2)', ['x', JSON.stringify(deep)])
      const error = await db.query('SELECT meta FROM deep').catch((e: unknown) => e)
      expect((error as Error).message).toMatch(/could not be read/)
      expect(classifyDatabaseFailure(error)).toBeUndefined()
      // The same read inside a transaction fails the transaction, which then lets go of PGlite.
      const inTransaction = db.transaction(async (tx) => {
        await tx.query("UPDATE deep SET id = 'y'")
        await tx.query('SELECT meta FROM deep')
      })
      await expect(inTransaction).rejects.toThrow(/could not be read/)
      expect(await db.query('SELECT id FROM deep')).toEqual([{ id: 'x' }])
    } finally {
      await db.close()
    }
  })

  // PGlite's pg_sleep spins a core for as long as it sleeps: one stall serves both faults below, and
  // is kept short, and the call timeout short against it, yet far above what the few statements
  // before it take on a busy machine. The stall outlasts the three timeouts it causes in a row (its
  // statement, the transaction's rollback, the calls queued behind them).
  it('times a stalled call out as unavailable, rolls back its transaction and one that began only after its caller stopped waiting, and serves again', async () => {
    const db = await openPgliteWorker(undefined, { callTimeoutMs: 1_000 })
    try {
      await db.exec(
        'CREATE TABLE stall (n int); INSERT INTO stall VALUES (0); CREATE TABLE late (n int); INSERT INTO late VALUES (0)',
      )
      // pg_sleep holds the worker's thread the way a runaway statement would.
      const stalled = db.transaction(async (tx) => {
        await tx.query('UPDATE stall SET n = 1')
        await tx.query('SELECT pg_sleep(5)')
      })
      const error = await stalled.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DatabaseStalledError)
      expect(classifyDatabaseFailure(error)).toBe('unavailable')
      // Statements queued behind the stall time out too, rather than wait for ever. So does the BEGIN
      // of a transaction, which the worker still begins once the stall is over.
      const queued = db.query('SELECT 1').catch((e: unknown) => e)
      const late = db.transaction(async (tx) => {
        await tx.query('UPDATE late SET n = 1')
      })
      expect(classifyDatabaseFailure(await queued)).toBe('unavailable')
      expect(await late.catch((e: unknown) => e)).toBeInstanceOf(DatabaseStalledError)
      // Once the worker is free again it answers: the abandoned transaction was rolled back, and
      // the late one too (left open, it would hold PGlite and these reads would never be answered).
      await expect
        .poll(() => db.query('SELECT n FROM stall').catch(() => undefined), { timeout: 60_000 })
        .toEqual([{ n: 0 }])
      expect(await db.query('SELECT n FROM late')).toEqual([{ n: 0 }])
    } finally {
      await db.close()
    }
  })
})
