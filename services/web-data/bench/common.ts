import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { printNote } from '@apiplatform/bench'
import { openDatabase } from '@apiplatform/server-kit'
import { DEFAULTS, type ServiceConfig } from '../src/config.js'
import { type RunningService, startOn } from '../src/service.js'
import { instrument } from './sql-stats.js'

const HERE = fileURLToPath(new URL('.', import.meta.url))

/** Starts bench/site-server.ts in a child process; resolves with its URL. */
export function startSiteProcess(pages: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${HERE}site-server.ts`], {
    env: { ...process.env, BENCH_PAGES: String(pages) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /SITE (\S+)/.exec(out)
      if (m?.[1]) resolve({ url: m[1], child })
    })
    child.once('exit', (code) => reject(new Error(`site server exited with ${code}`)))
  })
}

/**
 * The service in this process: PostgreSQL with DATABASE_URL, else in-memory PGlite in a worker
 * thread as the service runs it (BENCH_PGLITE_WORKER=0: on the event loop).
 */
export async function startBenchService(): Promise<{ service: RunningService; mode: string }> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const inWorker = !databaseUrl && process.env.BENCH_PGLITE_WORKER !== '0'
  const opened = await openDatabase({
    databaseUrl,
    schema: databaseUrl ? `bench_${Date.now()}` : undefined,
    pgliteWorker: inWorker,
  })
  // BENCH_SQL_STATS=1: time every statement and transaction (printed at the end of the run).
  const db = process.env.BENCH_SQL_STATS ? instrument(opened) : opened
  const config: ServiceConfig = {
    port: 0,
    apiKey: 'wd-bench-key',
    credits: 10_000_000,
    allowPrivateUrls: true,
    agentStepMs: 0,
    // The service's defaults: the idle poll of the job queue costs a statement per poll, and
    // enqueued work wakes the worker at once anyway.
    jobLeaseMs: DEFAULTS.jobLeaseMs,
    jobPollMs: DEFAULTS.jobPollMs,
    maxBodyBytes: DEFAULTS.maxBodyBytes,
    worker: true,
  }
  const service = await startOn(db, config, () => db.close())
  const mode = databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite (in memory, ${inWorker ? 'worker thread' : 'event loop'})`
  return { service, mode }
}

/**
 * Runs `bench` against the site process (`pages` pages, at `site`) and the service in this process,
 * prints the note it returns after the database the service ran on, and stops both however it ends.
 */
export async function benchAgainstSite(
  pages: number,
  bench: (run: { site: string; service: RunningService }) => Promise<string>,
): Promise<void> {
  const site = await startSiteProcess(pages)
  const { service, mode } = await startBenchService()
  try {
    printNote(`Database: ${mode}. ${await bench({ site: site.url, service })}`)
  } finally {
    await service.stop()
    site.child.kill('SIGTERM')
  }
}

export const auth = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' })
