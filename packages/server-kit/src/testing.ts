import { randomUUID } from 'node:crypto'
import type { Database } from './db/database.js'
import { openDatabase } from './db/open.js'

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
