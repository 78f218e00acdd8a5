import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

/**
 * PostgreSQL's default `shared_buffers` (128 MB) lives inside PGlite's WebAssembly memory, which
 * is never given back: with it, an idle PGlite holds about 310 MB of RSS, with 16 MB about 170 MB.
 * The reference services' databases are small, and pages beyond the buffers are read from the
 * operating system's file cache, not from disk.
 */
const SHARED_BUFFERS = '16MB'

/** What every embedded PGlite of the services is opened with (in-process or in its thread). */
export function pgliteOptions(): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] }
}
