import { mkdirSync } from 'node:fs'
import type { PGlite, PGliteInterface, PGliteOptions } from '@electric-sql/pglite'
import type { Database, Sql } from './database.js'
import { copyPreparedTemplate, createPglite } from './pglite-create.js'
import { pgliteOptions } from './pglite-options.js'
import { pgliteWasmModule } from './pglite-wasm.js'
import { loadPreparedTemplate, openPreparedPglite, type PreparedTemplate } from './prepared-template.js'

/**
 * Opens the embedded database: a folder on disk, or memory when `dataDir` is undefined. A new
 * database, in memory or in a new folder, is a copy of `template` when given and its file matches.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { template?: PreparedTemplate | undefined } = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // Loaded here, not at start: with PGlite in a worker thread this thread never needs it.
  const pglite = await import('@electric-sql/pglite')
  const engineOptions = pgliteOptions(pglite.PGlite.defaultStartParams)
  if (!dataDir && options.template) {
    const prepared = await openPrepared(pglite, options.template, engineOptions)
    if (prepared) return pgliteDatabase(prepared, options.template.identity)
  }
  const copied =
    dataDir !== undefined && options.template !== undefined && copyPreparedTemplate(dataDir, options.template)
  const pg = await createPglite(pglite.PGlite, dataDir, engineOptions)
  return pgliteDatabase(pg, copied ? options.template?.identity : undefined)
}

/**
 * PGlite in memory on a copy of `template`, or undefined when its file is missing, not made for it,
 * damaged, or PGlite could not start on it (the caller then makes a new database).
 */
export async function openPrepared(
  pglite: typeof import('@electric-sql/pglite'),
  template: PreparedTemplate,
  options: PGliteOptions,
): Promise<PGlite | undefined> {
  // Compiled on V8's threads while this one reads and unpacks the file.
  const wasm = pgliteWasmModule()
  const files = loadPreparedTemplate(template)
  if (!files) return undefined
  const pgliteWasm = await wasm
  try {
    return await openPreparedPglite(pglite, files, {
      ...options,
      ...(pgliteWasm ? { pgliteWasmModule: pgliteWasm } : {}),
    })
  } catch {
    return undefined
  }
}

/** An open PGlite instance behind the `Database` interface (closing it closes the instance). */
export function pgliteDatabase(pg: PGliteInterface, template?: string): Database {
  const wrap = (runner: Pick<PGliteInterface, 'query'>): Sql => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await runner.query<Row>(text, params as unknown[] | undefined)
      return result.rows
    },
  })
  const root = wrap(pg)
  return {
    kind: 'pglite',
    template,
    query: root.query,
    async exec(text) {
      await pg.exec(text)
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}
