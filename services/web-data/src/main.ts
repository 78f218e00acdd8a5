#!/usr/bin/env node
/**
 * `web-data-service` / `pnpm --dir services/web-data start`: the web-data service on the run-time
 * contract's settings (PORT, DATA_DIR, DATABASE_URL, WEB_DATA_API_KEY, …; `--help` and README.md).
 * SIGINT/SIGTERM stop it gracefully: the HTTP server first, then the worker, then the database.
 */
import { runServiceCli } from '@apiplatform/server-kit'
import { webDataCli } from './cli.js'

await runServiceCli(webDataCli)
