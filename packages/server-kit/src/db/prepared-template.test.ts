import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { JobQueue } from '../jobs/queue.js'
import { prepareServiceDatabase } from '../startup/service-runtime.js'
import { openPreparedTestDatabase } from '../testing.js'
import type { Database } from './database.js'
import { migrate } from './migrate.js'
import { openDatabase } from './open.js'
import { openPgliteWorker } from './pglite-worker.js'
import {
  loadPreparedTemplate,
  type PreparedTemplate,
  preparedTemplateIdentity,
  preparedTemplateMatches,
} from './prepared-template.js'
import { makePreparedTemplate } from './prepared-template-make.js'

const tables = async (db: Database) =>
  (
    await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((row) => row.name)

const seeded = async (db: Database) =>
  (await db.query<{ name: string }>('SELECT name FROM demo ORDER BY id')).map((row) => row.name)

/**
 * A service in miniature: a migrations folder, a code folder, and the preparation its build would
 * run (the job queue's table, the migrations, a demo row).
 */
function miniatureService(root: string) {
  const migrationsDir = join(root, 'migrations')
  const code = join(root, 'src')
  mkdirSync(migrationsDir, { recursive: true })
  mkdirSync(join(code, 'testing'), { recursive: true })
  writeFileSync(
    join(migrationsDir, '001_demo.sql'),
    'CREATE TABLE demo (id serial PRIMARY KEY, name text NOT NULL);',
  )
  writeFileSync(join(code, 'seed.ts'), "export const DEMO = 'checkout'\n")
  writeFileSync(join(code, 'seed.test.ts'), '// a test\n')
  writeFileSync(join(code, 'testing', 'harness.ts'), '// test support\n')
  const prepare = async (db: Database) => {
    await prepareServiceDatabase(db, new JobQueue(db), migrationsDir)
    await db.query("INSERT INTO demo (name) VALUES ('checkout')")
  }
  return { migrationsDir, code, prepare }
}

describe('prepared templates: a new database that already holds what a start would build', () => {
  let root: string
  let service: ReturnType<typeof miniatureService>
  let template: PreparedTemplate
  const configured = process.env.PGLITE_TEMPLATE_DIR

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'prepared-template-test-'))
    service = miniatureService(root)
    const file = join(root, 'pglite-template.bin')
    const [identity] = await makePreparedTemplate({
      file,
      migrationsDir: service.migrationsDir,
      code: [service.code],
      prepare: service.prepare,
    })
    template = { file, identity: identity ?? '' }
  })
  afterEach(() => {
    if (configured === undefined) delete process.env.PGLITE_TEMPLATE_DIR
    else process.env.PGLITE_TEMPLATE_DIR = configured
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  // Both copies open at once: they show the copy in each place, and that each database has its own.
  it('is copied in the worker thread and in process: the schema and the data are there, no migration runs, each database its own copy', async () => {
    expect(preparedTemplateMatches(template)).toBe(true)
    const first = await openDatabase({ pgliteWorker: true, template })
    let second: Database | undefined
    try {
      second = await openDatabase({ pgliteWorker: false, template })
      for (const db of [first, second]) {
        expect(db.template).toBe(template.identity)
        expect(await tables(db)).toEqual(['demo', 'idempotency_keys', 'jobs', 'schema_migrations'])
        expect(await seeded(db)).toEqual(['checkout'])
        // Migrating the copy again finds every migration applied.
        expect(await migrate(db, service.migrationsDir)).toEqual([])
      }
      await first.query("INSERT INTO demo (name) VALUES ('first only')")
      await first.query('DELETE FROM demo WHERE id = 1')
      expect(await seeded(first)).toEqual(['first only'])
      expect(await seeded(second)).toEqual(['checkout'])
      // The sequences were copied as they were: the next id is the template's next.
      const [row] = await second.query<{ id: number }>(
        "INSERT INTO demo (name) VALUES ('second') RETURNING id",
      )
      expect(row?.id).toBe(2)
    } finally {
      await first.close()
      await second?.close()
    }
  })

  it('has an identity of the migrations and the code it was made with (not their tests)', () => {
    const identity = () =>
      preparedTemplateIdentity({ migrationsDir: service.migrationsDir, code: service.code })
    expect(identity()).toBe(template.identity)
    writeFileSync(join(service.code, 'seed.test.ts'), '// another test\n')
    writeFileSync(join(service.code, 'testing', 'harness.ts'), '// other test support\n')
    expect(identity()).toBe(template.identity)

    const seed = join(service.code, 'seed.ts')
    const code = readFileSync(seed)
    writeFileSync(seed, "export const DEMO = 'payments'\n")
    expect(identity()).not.toBe(template.identity)
    writeFileSync(seed, code)
    const migration = join(service.migrationsDir, '002_more.sql')
    writeFileSync(migration, 'CREATE TABLE more (id int);')
    expect(identity()).not.toBe(template.identity)
    rmSync(migration)
    expect(identity()).toBe(template.identity)
  })

  it('is not used for other migrations or code, damaged, or with templates off: the database is new', async () => {
    const other = { ...template, identity: 'made-for-other-migrations' }
    expect(preparedTemplateMatches(other)).toBe(false)
    expect(loadPreparedTemplate(other)).toBeUndefined()
    const newDatabase = await openPgliteWorker(undefined, { template: other })
    try {
      expect(newDatabase.template).toBeUndefined()
      expect(await tables(newDatabase)).toEqual([])
    } finally {
      await newDatabase.close()
    }

    // The header still names the identity, but the payload's CRC does not match: found when loading.
    const damaged = join(root, 'damaged.bin')
    const bytes = readFileSync(template.file)
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff
    writeFileSync(damaged, bytes)
    const damagedTemplate = { file: damaged, identity: template.identity }
    expect(preparedTemplateMatches(damagedTemplate)).toBe(true)
    expect(loadPreparedTemplate(damagedTemplate)).toBeUndefined()
    const fromDamaged = await openPgliteWorker(undefined, { template: damagedTemplate })
    try {
      expect(fromDamaged.template).toBeUndefined()
      expect(await tables(fromDamaged)).toEqual([])
    } finally {
      await fromDamaged.close()
    }
    writeFileSync(damaged, bytes.subarray(0, bytes.length - 1000))
    expect(loadPreparedTemplate(damagedTemplate)).toBeUndefined()
    expect(preparedTemplateMatches({ ...template, file: join(root, 'missing.bin') })).toBe(false)

    process.env.PGLITE_TEMPLATE_DIR = 'off'
    expect(preparedTemplateMatches(template)).toBe(false)
    expect(loadPreparedTemplate(template)).toBeUndefined()
  })

  it('is copied into a new data folder, in the worker thread and in process; a folder that holds a database is opened as it is', async () => {
    for (const pgliteWorker of [true, false]) {
      const dataDir = join(root, `data-${pgliteWorker ? 'worker' : 'in-process'}`)
      const db = await openDatabase({ dataDir, pgliteWorker, template })
      try {
        expect(db.template).toBe(template.identity)
        expect(await seeded(db)).toEqual(['checkout'])
        await db.query("INSERT INTO demo (name) VALUES ('mine')")
      } finally {
        await db.close()
      }
      const reopened = await openDatabase({ dataDir, pgliteWorker, template })
      try {
        expect(reopened.template).toBeUndefined()
        expect(await seeded(reopened)).toEqual(['checkout', 'mine'])
      } finally {
        await reopened.close()
      }
    }
  })

  it('a copy into a folder that was interrupted is made again; what the folder held before stays', async () => {
    const dataDir = join(root, 'data-interrupted')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'notes.txt'), 'kept')
    // What a process killed while copying leaves: the marker, and some of the files.
    writeFileSync(join(dataDir, '.pglite-creating.json'), JSON.stringify(['notes.txt']))
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n')
    mkdirSync(join(dataDir, 'base'))
    const db = await openPgliteWorker(dataDir, { template })
    try {
      expect(db.template).toBe(template.identity)
      expect(await seeded(db)).toEqual(['checkout'])
      expect(readFileSync(join(dataDir, 'notes.txt'), 'utf8')).toBe('kept')
    } finally {
      await db.close()
    }
  })

  it('is not used by a new data folder when its file does not match: the folder is a new database', async () => {
    const dataDir = join(root, 'data-other')
    const db = await openPgliteWorker(dataDir, { template: { ...template, identity: 'made-for-other-code' } })
    try {
      expect(db.template).toBeUndefined()
      expect(await tables(db)).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('gives the tests their databases when it matches, and their own preparation otherwise', async () => {
    let prepared = 0
    const prepare = async (db: Database) => {
      prepared++
      await service.prepare(db)
    }
    const copy = await openPreparedTestDatabase('pglite', 'prepared-template-test', prepare, template)
    try {
      expect(copy.template).toBe(template.identity)
      expect(await seeded(copy)).toEqual(['checkout'])
      expect(prepared).toBe(0)
    } finally {
      await copy.close()
    }
    const other = { ...template, identity: 'made-for-other-code' }
    const migrated = await openPreparedTestDatabase('pglite', 'prepared-template-test', prepare, other)
    try {
      expect(migrated.template).toBeUndefined()
      expect(await seeded(migrated)).toEqual(['checkout'])
      expect(prepared).toBe(1)
    } finally {
      await migrated.close()
    }
  })
})
