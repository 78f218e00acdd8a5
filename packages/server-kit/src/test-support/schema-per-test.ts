import { afterAll } from 'vitest'
import type { Database } from '../db/database.js'
import { openTestDatabase } from '../testing.js'

/**
 * The database of one test. On PGlite, a schema of its own on an engine the file's tests share: a
 * new PGlite costs about a CPU-second to start, and these tests need only tables no other test
 * sees. On PostgreSQL, a fresh schema as `openTestDatabase` gives.
 */
export function schemaPerTest(kind: 'pglite' | 'postgres'): () => Promise<Database> {
  let engine: Promise<Database> | undefined
  let schemas = 0
  afterAll(async () => {
    await (await engine)?.close()
  })
  return async () => {
    if (kind === 'postgres') return openTestDatabase('postgres')
    engine ??= openTestDatabase('pglite')
    const db = await engine
    const schema = `test_${++schemas}`
    await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`)
    return { ...db, close: () => db.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`) }
  }
}
