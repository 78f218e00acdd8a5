import autocannon from 'autocannon'
import { cpuSeconds } from './child.js'
import { settings } from './settings.js'

export interface LoadOptions {
  /** The JSON body of every request, or of the i-th request (a function). */
  body: unknown | ((i: number) => unknown)
  headers?: Record<string, string> | undefined
  seconds?: number
  connections?: number
  /** Paced load: at most this many requests per second in total (default: as fast as possible). */
  overallRate?: number | undefined
  /** The target's process id, to report its CPU time per request. */
  pid?: number | undefined
}

export interface LoadResult {
  /** The paced rate, when the load was paced. */
  offeredRate?: number
  requestsPerSecond: number
  p99Ms: number
  errors: number
  non2xx: number
  /** CPU time the target spent per request: its event-loop thread, and the whole process (Linux only). */
  cpuMicrosPerRequest?: { eventLoop: number; process: number }
}

/** Loads `POST url` with JSON bodies (autocannon), for `seconds` over `connections` connections. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = cpuSeconds(options.pid)
  const headers = { 'content-type': 'application/json', ...options.headers }
  const { body } = options
  let i = 0
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    ...(typeof body === 'function'
      ? {
          requests: [
            {
              method: 'POST',
              headers,
              setupRequest: (request) => ({ ...request, body: JSON.stringify(body(i++)) }),
            },
          ],
        }
      : { body: JSON.stringify(body) }),
    duration: options.seconds ?? settings.seconds,
    connections: options.connections ?? settings.connections,
    ...(options.overallRate ? { overallRate: Math.max(1, Math.round(options.overallRate)) } : {}),
  })
  const cpuAfter = cpuSeconds(options.pid)
  const perRequest = (before: number, after: number) =>
    Math.round(((after - before) * 1e6) / result.requests.total)
  return {
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

/** A short unreported load first (JIT, caches, connection pools), as any long-running server has had. */
export async function warmUp(url: string, options: LoadOptions): Promise<void> {
  await load(url, { ...options, pid: undefined, overallRate: undefined, seconds: settings.warmUpSeconds })
}
