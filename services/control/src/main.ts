#!/usr/bin/env node
/**
 * `control-service` / `pnpm --dir services/control start`: the control service on the run-time
 * contract's settings (PORT, DATA_DIR, DATABASE_URL, CONTROL_ROOT_KEY, …; `--help` and README.md).
 * Stops cleanly on SIGTERM and SIGINT: in-flight workflow steps are abandoned uncommitted and
 * resumed on the next start.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { prestartPgliteWorker } from '@apiplatform/server-kit/pglite-worker'
import { DEFAULT_DATA_DIR } from './data-dir.js'

// On an existing embedded database, PGlite starts in its thread while the modules below load. Not
// with flags: they may name another database, which this one must not be opened for.
const env = process.env
const dataDir = env.DATA_DIR || DEFAULT_DATA_DIR
const embedded = !env.DATABASE_URL && env.CONTROL_PGLITE_WORKER !== '0'
if (process.argv.length <= 2 && embedded && existsSync(join(dataDir, 'PG_VERSION')))
  prestartPgliteWorker(dataDir)

const [{ runServiceCli }, { controlCli }] = await Promise.all([
  import('@apiplatform/server-kit'),
  import('./cli.js'),
])
await runServiceCli(controlCli)
