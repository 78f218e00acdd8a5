/**
 * Shared pieces of the service benchmarks (not tests): start the control service in its own
 * process on a fresh PGlite folder, start a bare Hono server (also its own process) that answers
 * a canned body, and load one endpoint with autocannon. Each bench file (`*.bench.ts`) measures
 * one operation against the bare-Hono baseline and prints req/s, p99 and the ratio.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url))

export interface Child {
  url: string
  pid: number | undefined
  stop(): Promise<void>
}

/** Spawns `tsx <script>` and waits for its first `http://…` line on stdout. */
function spawnServer(
  script: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: SERVICE_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${script} did not start in time:\n${out}`)), 120_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /(http:\/\/[0-9.:a-z]+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve({ url: m[1], child })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code}:\n${out}`))
    })
  })
}

function stopper(child: ChildProcess, cleanup?: () => void) {
  return () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit')
      child.once('exit', () => {
        cleanup?.()
        resolve()
      })
      child.kill('SIGTERM')
    })
}

/**
 * The settings that turn the hot-path work of issue 7's performance goal off: no root-key cache,
 * no key/namespace/override cache, analytics rows written by each request, every rate-limit
 * decision in the database, PGlite on the event-loop thread. Benchmarks run the service once
 * with them ("before") and once on the defaults ("after"), in the same run.
 */
export const UNOPTIMISED: Record<string, string> = {
  CONTROL_AUTH_CACHE_MS: '0',
  CONTROL_CACHE_MS: '0',
  CONTROL_ANALYTICS_FLUSH_MS: '0',
  CONTROL_RATELIMIT_LEASES: '0',
  CONTROL_PGLITE_WORKER: '0',
}

/** The control service on PGlite in a temporary DATA_DIR, with `rootKey` as CONTROL_ROOT_KEY. */
export async function startControlService(rootKey: string, env: Record<string, string> = {}): Promise<Child> {
  const dataDir = mkdtempSync(join(tmpdir(), 'control-bench-'))
  const { url, child } = await spawnServer('src/main.ts', {
    PORT: '0',
    DATA_DIR: dataDir,
    CONTROL_ROOT_KEY: rootKey,
    ...env,
  })
  return {
    url,
    pid: child.pid,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  }
}

/** A bare Hono app in its own process answering `POST <path>` with `body` (JSON), nothing else. */
export async function startBareHono(path: string, body: unknown): Promise<Child> {
  const { url, child } = await spawnServer('bench/bare-hono.ts', {
    BENCH_PATH: path,
    BENCH_BODY: JSON.stringify(body),
  })
  return { url, pid: child.pid, stop: stopper(child) }
}

/** The framework floor (bench/framework-floor.ts) for `operationId`, answering `body`. */
export async function startFrameworkFloor(operationId: string, body: unknown): Promise<Child> {
  const { url, child } = await spawnServer('bench/framework-floor.ts', {
    BENCH_OPERATION: operationId,
    BENCH_BODY: JSON.stringify(body),
  })
  return { url, pid: child.pid, stop: stopper(child) }
}

export interface LoadResult {
  label: string
  /** The paced rate, when the load was paced. */
  offeredRate?: number
  requestsPerSecond: number
  p99Ms: number
  errors: number
  non2xx: number
  /** CPU time the target spent per request: its event-loop thread, and the whole process (Linux only). */
  cpuMicrosPerRequest?: { eventLoop: number; process: number }
}

/**
 * CPU seconds (user + system) of a process and of its main thread, from /proc. Unlike req/s,
 * CPU time per request hardly moves when other processes compete for the cores, so it shows
 * what the service itself costs on a shared machine. Undefined where /proc is missing.
 */
function cpuSeconds(pid: number | undefined): { eventLoop: number; process: number } | undefined {
  if (pid === undefined) return undefined
  const read = (file: string) => {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(file, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
  }
  try {
    return { eventLoop: read(`/proc/${pid}/task/${pid}/stat`), process: read(`/proc/${pid}/stat`) }
  } catch {
    return undefined
  }
}
const CLOCK_TICKS_PER_SECOND = 100

/** Loads `POST url` with a JSON body for `durationSeconds` with `connections` connections. */
export async function load(
  label: string,
  url: string,
  options: {
    body: unknown
    headers?: Record<string, string>
    durationSeconds?: number
    connections?: number
    /** Paced load: at most this many requests per second in total (default: as fast as possible). */
    overallRate?: number
    /** The target's process id, to report its CPU time per request. */
    pid?: number | undefined
  },
): Promise<LoadResult> {
  const cpuBefore = cpuSeconds(options.pid)
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body),
    duration: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 10),
    connections: options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 10),
    ...(options.overallRate ? { overallRate: Math.max(1, Math.round(options.overallRate)) } : {}),
  })
  const cpuAfter = cpuSeconds(options.pid)
  const perRequest = (before: number, after: number) =>
    Math.round(((after - before) * 1e6) / result.requests.total)
  return {
    label,
    ...(options.overallRate ? { offeredRate: Math.round(options.overallRate) } : {}),
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ...(cpuBefore && cpuAfter && result.requests.total > 0
      ? {
          cpuMicrosPerRequest: {
            eventLoop: perRequest(cpuBefore.eventLoop, cpuAfter.eventLoop),
            process: perRequest(cpuBefore.process, cpuAfter.process),
          },
        }
      : {}),
  }
}

/** A short unreported load first (JIT, caches, connection pools), like any long-running service has had. */
export async function warmUp(
  url: string,
  options: { body: unknown; headers?: Record<string, string> | undefined },
) {
  await load('warm-up', url, { ...options, durationSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2) })
}

/**
 * Loads the framework floor of `operationId` (started, warmed up, measured, stopped): the same
 * request as the service gets, answered with `sample` after the spec's validation alone.
 */
export async function loadFrameworkFloor(
  operationId: string,
  sample: unknown,
  request: { body: unknown; headers: Record<string, string> },
): Promise<LoadResult> {
  const floor = await startFrameworkFloor(operationId, sample)
  try {
    const url = `${floor.url}/v2/${operationId}`
    await warmUp(url, request)
    return await load(`framework floor (${operationId} route, validation, canned body)`, url, {
      ...request,
      pid: floor.pid,
    })
  } finally {
    await floor.stop()
  }
}

/** Prints the results as a table, each with its ratio to the first (the baseline). */
export function report(title: string, results: LoadResult[]) {
  const base = results[0]
  console.log(`\n${title}`)
  console.log(
    '| target | offered req/s | req/s | p99 (ms) | vs bare Hono | CPU µs/req event loop / process | errors | non-2xx |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const r of results) {
    const ratio = base ? (r.requestsPerSecond / base.requestsPerSecond).toFixed(3) : '-'
    const cpu = r.cpuMicrosPerRequest
      ? `${r.cpuMicrosPerRequest.eventLoop} / ${r.cpuMicrosPerRequest.process}`
      : '-'
    console.log(
      `| ${r.label} | ${r.offeredRate ?? 'max'} | ${r.requestsPerSecond.toFixed(0)} | ${r.p99Ms} | ${ratio} | ${cpu} | ${r.errors} | ${r.non2xx} |`,
    )
  }
}
