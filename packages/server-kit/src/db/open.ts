import type { Database, DatabaseOptions } from './database.js'
import { openPglite } from './pglite.js'
import { openPostgres } from './postgres.js'

/** PostgreSQL when a URL is given, embedded PGlite otherwise. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.schema) : openPglite(options.dataDir)
}
