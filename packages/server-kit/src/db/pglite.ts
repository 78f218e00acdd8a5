import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Sql } from './database.js'

/** Opens the embedded database: a folder on disk, or memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pg = await PGlite.create(dataDir ?? 'memory://')
  const wrap = (runner: Pick<PGlite, 'query'>): Sql => ({
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
