import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.js'
import { classifyDatabaseFailure } from './failures.js'
import { openPglite } from './pglite.js'
import { openPgliteWorker } from './pglite-worker.js'

describe('openPgliteWorker', () => {
  let db: Database
  beforeAll(async () => {
    // A loaded machine can hold a statement back for seconds; stalls have tests of their own.
    db = await openPgliteWorker(undefined, { callTimeoutMs: 120_000 })
    await db.exec(`
      CREATE TABLE items (id text PRIMARY KEY, n int NOT NULL, at timestamptz, data bytea, meta jsonb);
      CREATE TABLE counters (id text PRIMARY KEY, n int NOT NULL)`)
  })
  afterAll(() => db.close())

  it('runs parameterised statements and returns rows with their types', async () => {
    const at = new Date('2024-05-01T12:00:00Z')
    await db.query('INSERT INTO items VALUES ($1, $2, $3, $4, $5)', [
      'a',
      7,
      at,
      new Uint8Array([1, 2, 3]),
      { plan: 'pro' },
    ])
    const [row] = await db.query<{ id: string; n: number; at: Date; data: Uint8Array; meta: unknown }>(
      'SELECT * FROM items WHERE id = $1',
      ['a'],
    )
    expect(row).toEqual({ id: 'a', n: 7, at, data: new Uint8Array([1, 2, 3]), meta: { plan: 'pro' } })
    expect(db.kind).toBe('pglite')
  })

  it("keeps PostgreSQL's error fields", async () => {
    await db.query("INSERT INTO items (id, n) VALUES ('dup', 1)")
    const error = await db.query("INSERT INTO items (id, n) VALUES ('dup', 2)").catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey', table: 'items' })
    expect((error as Error).message).toMatch(/duplicate key/)
  })

  it('commits a transaction when its callback resolves and rolls it back when it throws', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO counters VALUES ('committed', 1)")
      return (await tx.query<{ n: number }>("SELECT n FROM counters WHERE id = 'committed'"))[0]?.n
    })
    expect(value).toBe(1)
    const failure = new Error('changed my mind')
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO counters VALUES ('rolled back', 1)")
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(await db.query('SELECT id FROM counters ORDER BY id')).toEqual([{ id: 'committed' }])
  })

  it('fails the commit of a transaction whose statement failed', async () => {
    const committed = db.transaction(async (tx) => {
      await tx.query("INSERT INTO counters VALUES ('aborted', 1)")
      await tx.query('SELECT no_such_column FROM counters').catch(() => {})
    })
    await expect(committed).rejects.toThrow()
    expect(await db.query("SELECT id FROM counters WHERE id = 'aborted'")).toEqual([])
  })

  it('makes statements sent during a transaction wait until it ends', async () => {
    await db.query("INSERT INTO counters VALUES ('serial', 0)")
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let started!: () => void
    const inside = new Promise<void>((resolve) => {
      started = resolve
    })
    const order: string[] = []
    const transaction = db.transaction(async (tx) => {
      await tx.query("UPDATE counters SET n = n + 1 WHERE id = 'serial'")
      started()
      await held
      await tx.query("UPDATE counters SET n = n * 10 WHERE id = 'serial'")
      order.push('transaction')
    })
    await inside
    const outside = db
      .query<{ n: number }>("UPDATE counters SET n = n + 5 WHERE id = 'serial' RETURNING n")
      .then((rows) => {
        order.push('outside')
        return rows[0]?.n
      })
    release()
    await transaction
    // (0 + 1) * 10 + 5: the outside statement ran after the commit, not in between.
    expect(await outside).toBe(15)
    expect(order).toEqual(['transaction', 'outside'])
  })

  it('runs concurrent transactions one after the other, each exactly once', async () => {
    await db.query("INSERT INTO counters VALUES ('concurrent', 0)")
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ n: number }>(
            "SELECT n FROM counters WHERE id = 'concurrent' FOR UPDATE",
          )
          await tx.query("UPDATE counters SET n = $1 WHERE id = 'concurrent'", [(row?.n ?? 0) + 1])
        }),
      ),
    )
    expect(await db.query("SELECT n FROM counters WHERE id = 'concurrent'")).toEqual([{ n: 20 }])
  })

  it("keeps the service's thread free while PGlite works", async () => {
    const order: string[] = []
    const slow = db.query('SELECT count(*) FROM generate_series(1, 300000)').then(() => order.push('query'))
    await new Promise((resolve) => setTimeout(resolve, 1))
    order.push('timer')
    await slow
    expect(order).toEqual(['timer', 'query'])
  })
})

describe('openPgliteWorker lifecycle', () => {
  // One test: the database closed before the restart is the closed one whose statements are refused.
  it('keeps data across restarts of a database on disk, and refuses statements after close with an error classified as unavailable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pglite-worker-'))
    const first = await openPgliteWorker(dataDir)
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')")
    await first.close()
    const error = await first.query('SELECT 1').catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/PGlite is closed/)
    expect(classifyDatabaseFailure(error)).toBe('unavailable')
    const second = await openPgliteWorker(dataDir)
    try {
      expect(await second.query('SELECT v FROM kept')).toEqual([{ v: 'still here' }])
    } finally {
      await second.close()
    }
  })

  it('keeps a process alive while a statement runs and lets it exit when idle', async () => {
    const script = `
      import { openPgliteWorker } from ${JSON.stringify(fileURLToPath(new URL('./pglite-worker.ts', import.meta.url)))}
      const db = await openPgliteWorker(undefined)
      console.log(JSON.stringify(await db.query('SELECT 41 + 1 AS answer')))`
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ])
    // Not closed: the process still ends, after printing what the awaited statement returned.
    expect(JSON.parse(stdout)).toEqual([{ answer: 42 }])
  })
})

describe('in-process PGlite, for comparison', () => {
  it('blocks the thread while PGlite works', async () => {
    const db = await openPglite(undefined)
    try {
      const order: string[] = []
      const slow = db.query('SELECT count(*) FROM generate_series(1, 300000)').then(() => order.push('query'))
      await new Promise((resolve) => setTimeout(resolve, 1))
      order.push('timer')
      await slow
      expect(order).toEqual(['query', 'timer'])
    } finally {
      await db.close()
    }
  })
})
