import { prepareDataDir } from '../startup/data-dir.js'
import { StartupError } from '../startup/startup-error.js'
import type { Database, DatabaseOptions } from './database.js'
import { openPglite } from './pglite.js'
import { openPgliteWorker } from './pglite-worker.js'
import { openPostgres } from './postgres.js'

/** PostgreSQL when a URL is given, embedded PGlite otherwise (in a worker thread on request). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema)
  if (options.dataDir) prepareDataDir(options.dataDir)
  try {
    return await (options.pgliteWorker
      ? openPgliteWorker(options.dataDir, {
          callTimeoutMs: options.callTimeoutMs,
          template: options.template,
        })
      : openPglite(options.dataDir, { template: options.template }))
  } catch (error) {
    if (!options.dataDir) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new StartupError(`PGlite could not open DATA_DIR ${options.dataDir}: ${reason}`, { cause: error })
  }
}
