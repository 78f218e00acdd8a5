import type { Database, DatabaseOptions } from './database.js'
import { openPglite } from './pglite.js'
import { openPgliteWorker } from './pglite-worker.js'
import { openPostgres } from './postgres.js'

/** PostgreSQL when a URL is given, embedded PGlite otherwise (in a worker thread on request). */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema)
  return options.pgliteWorker ? openPgliteWorker(options.dataDir) : openPglite(options.dataDir)
}
