import type { PreparedTemplate } from './prepared-template.js'

/** Something that runs SQL with positional parameters (`$1`, `$2`, …) and returns rows. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>
}

/**
 * The one storage interface of the reference services. The same SQL runs on embedded PGlite
 * (the default, in `DATA_DIR`) and on a real PostgreSQL (`DATABASE_URL`), so every repository
 * is written once against this interface.
 */
export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres'
  /**
   * The identity of the prepared template this database is a copy of (see `PreparedTemplate`): it
   * already holds what that template's preparation builds. Undefined for any other database.
   */
  readonly template?: string | undefined
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set it wins over `dataDir`. */
  databaseUrl?: string | undefined
  /** Folder of the embedded PGlite database; in memory when omitted. */
  dataDir?: string | undefined
  /** PostgreSQL schema to use (created when missing); lets tests share one server in isolation. */
  schema?: string | undefined
  /**
   * Run PGlite in a worker thread (`openPgliteWorker`) rather than on the caller's thread. PGlite
   * runs its WASM on the thread that owns it: a worker keeps it off the event loop. No effect
   * with `databaseUrl`.
   */
  pgliteWorker?: boolean | undefined
  /** With `pgliteWorker`: how long a call may wait for the worker (see `openPgliteWorker`). */
  callTimeoutMs?: number | undefined
  /**
   * In memory (no `dataDir`, no `databaseUrl`): start as a copy of this prepared template when its
   * file matches (the database's `template` then names it); otherwise as a new database.
   */
  template?: PreparedTemplate | undefined
}
