/**
 * The start-up steps every service takes the same way: its database as its settings name it, the
 * job queue's table and its migrations, and its app served on its port.
 */
import type { Database } from '../db/database.js'
import { migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import type { PreparedTemplate } from '../db/prepared-template.js'
import { type ClientErrorHook, type RunningServer, serve } from '../http/serve.js'
import { installIdempotency } from '../idempotency/store.js'
import type { JobQueue } from '../jobs/queue.js'
import type { Logger } from '../log/logger.js'

/** A service's database settings, as the services' configs name them. */
export interface ServiceDatabaseSettings {
  /** PostgreSQL connection string; wins over `dataDir`. */
  databaseUrl?: string | undefined
  /** Folder of the embedded PGlite database; in memory when omitted. */
  dataDir?: string | undefined
  /** PostgreSQL schema (created when missing). */
  databaseSchema?: string | undefined
  /** PGlite runs in a worker thread unless this is `false`. */
  pgliteWorker?: boolean | undefined
  /** How long a call may wait for the PGlite worker (see `openPgliteWorker`). */
  databaseTimeoutMs?: number | undefined
  /**
   * In memory (neither `dataDir` nor `databaseUrl`): the service's prepared template, which a new
   * database copies when its file matches (see `PreparedTemplate`).
   */
  template?: PreparedTemplate | undefined
}

/** Opens the database of a service's settings: PostgreSQL at `databaseUrl`, else PGlite. */
export function openServiceDatabase(settings: ServiceDatabaseSettings): Promise<Database> {
  return openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    schema: settings.databaseSchema,
    pgliteWorker: settings.pgliteWorker !== false,
    callTimeoutMs: settings.databaseTimeoutMs,
    template: settings.template,
  })
}

/** Whether `db` is a copy of `template`: it holds what the template's preparation builds already. */
export function isCopyOf(db: Database, template: PreparedTemplate | undefined): boolean {
  return template !== undefined && db.template === template.identity
}

/**
 * A service's schema: the job queue's table, the idempotency keys' table, then the migrations in
 * `migrationsDir` (all idempotent), so a migration may refer to the jobs table.
 */
export async function prepareServiceDatabase(db: Database, queue: JobQueue, migrationsDir: string) {
  await queue.install()
  await installIdempotency(db)
  await migrate(db, migrationsDir)
}

/** Where a service listens, as the services' configs name it. */
export interface ServiceListenSettings {
  /** 0 picks a free port. */
  port: number
  hostname?: string | undefined
  /** Time to receive a whole request; the `serve` default when unset or 0. */
  requestTimeoutMs?: number | undefined
}

/**
 * Serves a service's app where its settings say; `clientError` answers, in the service's error
 * format, the requests refused before the app sees them, each logged as one line on `logger`.
 */
export function serveService(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  settings: ServiceListenSettings,
  clientError: ClientErrorHook,
  logger?: Logger,
): Promise<RunningServer> {
  return serve(app, {
    port: settings.port,
    hostname: settings.hostname,
    clientError,
    ...(logger ? { logger } : {}),
    ...(settings.requestTimeoutMs ? { requestTimeoutMs: settings.requestTimeoutMs } : {}),
  })
}
