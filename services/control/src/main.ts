#!/usr/bin/env node
/**
 * `control-service` / `pnpm --dir services/control start`: the control service on the run-time
 * contract's settings (PORT, DATA_DIR, DATABASE_URL, CONTROL_ROOT_KEY, …; `--help` and README.md).
 * Stops cleanly on SIGTERM and SIGINT: in-flight workflow steps are abandoned uncommitted and
 * resumed on the next start.
 */
import { runServiceCli } from '@apiplatform/server-kit'
import { controlCli } from './cli.js'

await runServiceCli(controlCli)
