/**
 * How the services open PGlite. PostgreSQL's `shared_buffers` defaults to 128 MB, and PGlite
 * touches all of it at start: that was most of an idle service's RSS. The services' working sets
 * (counters, keys, the tail of the analytics tables) fit in far less; evicted pages are read back
 * from the operating system's cache.
 */
import type { PGliteOptions } from '@electric-sql/pglite'

export const PGLITE_SHARED_BUFFERS = '16MB'

/** The options of `PGlite.create`, from PGlite's default start parameters. */
export function pgliteOptions(defaultStartParams: readonly string[]): PGliteOptions {
  return { startParams: [...defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] }
}
