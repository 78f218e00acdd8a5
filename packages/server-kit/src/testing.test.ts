import { describe, expect, it } from 'vitest'
import type { Database } from './db/database.js'
import { openPreparedTestDatabase, testDatabaseKinds } from './testing.js'

describe('openPreparedTestDatabase', () => {
  it('prepares a PGlite template once per key and hands out independent clones of it', async () => {
    let preparations = 0
    const prepare = async (db: { query(text: string): Promise<unknown[]> }) => {
      preparations++
      await db.query('CREATE TABLE notes (body text NOT NULL)')
      await db.query("INSERT INTO notes VALUES ('from the template')")
    }
    const key = `notes-${Math.random()}`
    const first = await openPreparedTestDatabase('pglite', key, prepare)
    const second = await openPreparedTestDatabase('pglite', key, prepare)
    try {
      expect(preparations).toBe(1)
      await first.query("INSERT INTO notes VALUES ('only in the first')")
      expect(await first.query('SELECT body FROM notes ORDER BY body')).toEqual([
        { body: 'from the template' },
        { body: 'only in the first' },
      ])
      expect(await second.query('SELECT body FROM notes')).toEqual([{ body: 'from the template' }])
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('does not keep a template whose preparation failed, and closes its engine', async () => {
    const key = `failing-${Math.random()}`
    let calls = 0
    let failed: Database | undefined
    const prepare = async (db: Database) => {
      calls++
      if (calls === 1) {
        failed = db
        throw new Error('migration failed')
      }
    }
    await expect(openPreparedTestDatabase('pglite', key, prepare)).rejects.toThrow('migration failed')
    await expect(failed?.query('SELECT 1')).rejects.toThrow()
    const db = await openPreparedTestDatabase('pglite', key, prepare)
    await db.close()
    expect(calls).toBe(2)
  })

  it.skipIf(!testDatabaseKinds().includes('postgres'))(
    'prepares every PostgreSQL schema itself',
    async () => {
      let preparations = 0
      const prepare = async () => {
        preparations++
      }
      const a = await openPreparedTestDatabase('postgres', 'pg', prepare)
      const b = await openPreparedTestDatabase('postgres', 'pg', prepare)
      await a.close()
      await b.close()
      expect(preparations).toBe(2)
    },
  )

  it.skipIf(!testDatabaseKinds().includes('postgres'))(
    'closes a PostgreSQL database whose preparation failed',
    async () => {
      let failed: Database | undefined
      const prepare = async (db: Database) => {
        failed = db
        throw new Error('migration failed')
      }
      await expect(openPreparedTestDatabase('postgres', 'pg-failing', prepare)).rejects.toThrow(
        'migration failed',
      )
      await expect(failed?.query('SELECT 1')).rejects.toThrow()
    },
  )
})
