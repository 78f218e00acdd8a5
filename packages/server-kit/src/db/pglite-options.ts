/**
 * How the services open PGlite. PostgreSQL's `shared_buffers` defaults to 128 MB, and PGlite
 * touches all of it at start: that was most of an idle service's RSS. The services' working sets
 * (counters, keys, the tail of the analytics tables) fit in far less; evicted pages are read back
 * from the operating system's cache.
 */
import type { PGliteOptions } from '@electric-sql/pglite'

export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB'

/** The options of `PGlite.create`, from PGlite's default start parameters; env `PGLITE_SHARED_BUFFERS` overrides the size. */
export function pgliteOptions(defaultStartParams: readonly string[]): PGliteOptions {
  const size = process.env.PGLITE_SHARED_BUFFERS || DEFAULT_PGLITE_SHARED_BUFFERS
  return { startParams: [...defaultStartParams, '-c', `shared_buffers=${size}`] }
}
