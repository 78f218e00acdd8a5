import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.js'
import { faultyDatabase, sqlError } from './faulty-database.js'
import { openDatabase } from './open.js'

describe('faultyDatabase', () => {
  // Each test wraps the same PGlite afresh: the faults live in the wrapper, and a PGlite start costs
  // about a CPU-second.
  let raw: Database
  beforeAll(async () => {
    raw = await openDatabase({})
  })
  afterAll(() => raw?.close())

  it('passes statements through until told to fail, then fails every kind of call, then heals', async () => {
    const db = faultyDatabase(raw)
    try {
      expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }])
      db.failAll(sqlError('08006', 'connection lost'))
      await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: '08006' })
      await expect(db.exec('SELECT 1')).rejects.toMatchObject({ code: '08006' })
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toMatchObject({ code: '08006' })
      db.heal()
      expect(await db.transaction((tx) => tx.query<{ n: number }>('SELECT 2 AS n'))).toEqual([{ n: 2 }])
    } finally {
      db.heal()
    }
  })

  it('runs a test action once, before the first statement that matches', async () => {
    const db = faultyDatabase(raw)
    try {
      const seen: string[] = []
      db.beforeStatement(/^INSERT/, async () => {
        seen.push('action')
      })
      await db.exec('CREATE TABLE notes (body text)')
      await db.transaction(async (tx) => {
        await tx.query('SELECT 1')
        seen.push('select')
        await tx.query("INSERT INTO notes VALUES ('a')")
        seen.push('insert')
      })
      await db.query("INSERT INTO notes VALUES ('b')")
      expect(seen).toEqual(['select', 'action', 'insert'])
    } finally {
      db.heal()
    }
  })

  it('fails statements inside a transaction that began before the failure', async () => {
    const db = faultyDatabase(raw)
    try {
      const result = db.transaction(async (tx) => {
        db.failAll(sqlError('57P01'))
        await tx.query('SELECT 1')
      })
      await expect(result).rejects.toMatchObject({ code: '57P01' })
    } finally {
      db.heal()
    }
  })
})
