import { randomUUID } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { Database } from './db/database.js'
import { openDatabase } from './db/open.js'
import { openPrepared, pgliteDatabase } from './db/pglite.js'
import { createPglite } from './db/pglite-create.js'
import { pgliteOptions } from './db/pglite-options.js'
import { type PreparedTemplate, preparedTemplateMatches } from './db/prepared-template.js'

/**
 * The databases a storage test runs on: embedded PGlite always, and PostgreSQL too when
 * `TEST_DATABASE_URL` is set (CI sets it). Each PostgreSQL database lives in a fresh schema so
 * tests never see each other's rows.
 */
export function testDatabaseKinds(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export async function openTestDatabase(kind: 'pglite' | 'postgres', dataDir?: string): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir })
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `test_${randomUUID().replaceAll('-', '')}`
  const db = await openDatabase({ databaseUrl: url, schema })
  const close = db.close
  // Dropping the schema on close keeps the shared CI database from filling up with test rows.
  return {
    ...db,
    close: async () => {
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {})
      await close()
    },
  }
}

/**
 * Templates of `openPreparedTestDatabase`, per process and key. A test worker that runs many files
 * (vitest's `isolate: false`) starts and migrates PGlite once, not once per file.
 */
const templates = new Map<string, Promise<PGlite>>()

/**
 * A fresh test database that already holds what `prepare` builds (typically the migrations). On
 * PGlite it is a copy of `prepared` when that template's file matches (the service's own prepared
 * template, which its build makes; the database's `template` then names it); otherwise `prepare`
 * runs once per process and `key`, on an in-memory template, and each call returns a clone of it:
 * a PGlite start and a migration run cost seconds, a clone a fraction of that. On PostgreSQL (a
 * fresh schema each time) `prepare` runs on every call.
 */
export async function openPreparedTestDatabase(
  kind: 'pglite' | 'postgres',
  key: string,
  prepare: (db: Database) => Promise<void>,
  prepared?: PreparedTemplate,
): Promise<Database> {
  if (kind === 'postgres') {
    const db = await openTestDatabase('postgres')
    await closedIfFails(db.close, prepare(db))
    return db
  }
  if (prepared && preparedTemplateMatches(prepared)) {
    const pglite = await import('@electric-sql/pglite')
    const copy = await openPrepared(pglite, prepared, pgliteOptions(pglite.PGlite.defaultStartParams))
    if (copy) return pgliteDatabase(copy, prepared.identity)
  }
  let template = templates.get(key)
  if (!template) {
    template = (async () => {
      // Imported here: the services' bundles include this module, and their start never needs PGlite on this thread.
      const { PGlite: Engine } = await import('@electric-sql/pglite')
      const pg = await createPglite(Engine, undefined, {})
      await closedIfFails(() => pg.close(), prepare(pgliteDatabase(pg)))
      return pg
    })()
    // A failed preparation is not kept: the next test tries again and reports its own error.
    template.catch(() => templates.delete(key))
    templates.set(key, template)
  }
  return pgliteDatabase(await (await template).clone())
}

/** Waits for `work`; when it fails, closes the database it ran on before rethrowing its error. */
async function closedIfFails(close: () => Promise<void>, work: Promise<void>): Promise<void> {
  try {
    await work
  } catch (error) {
    await close().catch(() => {})
    throw error
  }
}

/**
 * Polls `check` until it returns a value other than undefined or false, or fails after `timeoutMs`.
 * The first looks come `everyMs` apart, then the wait grows by half each time up to 100 ms: a look
 * is most often a request the service answers from its database, and a fixed 25 ms made the long
 * waits (workflows, crawls, agent runs, delivery retries) 40 requests a second. A condition is
 * seen at most 100 ms after it holds.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + timeoutMs
  const longest = Math.max(everyMs, 100)
  let wait = everyMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, wait))
    wait = Math.min(Math.max(wait + 1, Math.round(wait * 1.5)), longest)
  }
}
