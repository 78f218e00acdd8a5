import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKinds } from '../testing.js'
import { migrate, splitStatements } from './migrate.js'

describe('splitStatements', () => {
  it('splits on semicolons, drops comments and keeps dollar-quoted bodies whole', () => {
    const sql = `-- a comment; with a semicolon
CREATE TABLE a (x int); CREATE TABLE b (y int);
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;`
    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE TABLE b (y int)',
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
    ])
  })
})

describe.each(testDatabaseKinds())('migrate on %s', (kind) => {
  it('applies each versioned file once, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
    writeFileSync(join(dir, '001_first.sql'), 'CREATE TABLE t (x int);\nINSERT INTO t VALUES (1);')
    writeFileSync(join(dir, '002_second.sql'), 'INSERT INTO t VALUES (2);')
    const db = await openTestDatabase(kind)
    try {
      expect(await migrate(db, dir)).toEqual(['001_first.sql', '002_second.sql'])
      expect(await migrate(db, dir)).toEqual([])
      expect(await db.query('SELECT x FROM t ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }])
    } finally {
      await db.close()
    }
  })

  it('keeps data across restarts of an embedded database', async () => {
    if (kind !== 'pglite') return
    const dataDir = mkdtempSync(join(tmpdir(), 'pglite-'))
    const first = await openTestDatabase('pglite', dataDir)
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')")
    await first.close()
    const second = await openTestDatabase('pglite', dataDir)
    expect(await second.query('SELECT v FROM kept')).toEqual([{ v: 'still here' }])
    await second.close()
  })
})
