import { mkdirSync } from 'node:fs'
import type { PGliteInterface } from '@electric-sql/pglite'
import type { Database, Sql } from './database.js'
import { createPglite } from './pglite-create.js'
import { pgliteOptions } from './pglite-options.js'

/** Opens the embedded database: a folder on disk, or memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // Loaded here, not at start: with PGlite in a worker thread this thread never needs it.
  const { PGlite } = await import('@electric-sql/pglite')
  return pgliteDatabase(await createPglite(PGlite, dataDir, pgliteOptions(PGlite.defaultStartParams)))
}

/** An open PGlite instance behind the `Database` interface (closing it closes the instance). */
export function pgliteDatabase(pg: PGliteInterface): Database {
  const wrap = (runner: Pick<PGliteInterface, 'query'>): Sql => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await runner.query<Row>(text, params as unknown[] | undefined)
      return result.rows
    },
  })
  const root = wrap(pg)
  return {
    kind: 'pglite',
    query: root.query,
    async exec(text) {
      await pg.exec(text)
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}
