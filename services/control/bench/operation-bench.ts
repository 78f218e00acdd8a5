/**
 * The run both benchmarks make, for one operation: the service "before" (UNOPTIMISED), bare Hono
 * answering the service's own 200 body, the framework floor, the service "after" (defaults),
 * "after" paced at half the bare-Hono rate, and bare Hono again (drift); then the table. PGlite
 * by default; BENCH_DATABASE_URL runs the service on PostgreSQL; BENCH_INPROCESS=1 adds "after"
 * with PGlite on the event loop. Every target gets a warm-up first.
 */
import {
  type Child,
  type LoadResult,
  load,
  loadFrameworkFloor,
  report,
  startBareHono,
  startControlService,
  UNOPTIMISED,
  warmUp,
} from './harness.js'

export const ROOT_KEY = 'ck_bench_root_key'
export const auth = { authorization: `Bearer ${ROOT_KEY}` }

/** POSTs `body` to `path` of the service with the root key; the JSON answer, or throws on an error status. */
export async function post(service: Child, path: string, body: unknown) {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { data: Record<string, unknown> }
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

export interface OperationBench {
  operationId: 'keys.verifyKey' | 'ratelimit.limit'
  /** What the bare handlers answer, in the bare-Hono label: "canned <what> body". */
  what: string
  /**
   * Prepares a fresh service for the operation (an API and a key, say) and returns the body of
   * the requests of each load by its phase (`warm-up`, `before`, `after`, `paced`, `bare`).
   */
  prepare(service: Child): Promise<(phase: string) => unknown>
}

export async function runOperationBench(bench: OperationBench): Promise<void> {
  const path = `/v2/${bench.operationId}`
  const storage = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  const children: Child[] = []
  const results: LoadResult[] = []
  const stop = async (child: Child) => {
    await child.stop()
    children.splice(children.indexOf(child), 1)
  }
  const prepare = async (env: Record<string, string>) => {
    const service = await startControlService(ROOT_KEY, {
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      ...(process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {}),
      ...env,
    })
    children.push(service)
    const bodyFor = await bench.prepare(service)
    await warmUp(`${service.url}${path}`, { body: bodyFor('warm-up'), headers: auth })
    return { service, bodyFor }
  }
  const loadService = (label: string, service: Child, body: unknown, overallRate?: number) =>
    load(label, `${service.url}${path}`, {
      body,
      headers: auth,
      pid: service.pid,
      ...(overallRate ? { overallRate } : {}),
    })
  /** The service on its defaults plus `env`, loaded unpaced; returns it still running. */
  const after = async (label: string, env: Record<string, string>) => {
    const prepared = await prepare(env)
    results.push(await loadService(label, prepared.service, prepared.bodyFor('after')))
    return prepared
  }
  try {
    const before = await prepare(UNOPTIMISED)
    const bareBody = before.bodyFor('bare')
    // The service's own answer is what the bare handlers send back.
    const canned = await post(before.service, path, bareBody)
    const bare = await startBareHono(path, canned)
    children.push(bare)
    const bareRequest = { body: bareBody, headers: auth, pid: bare.pid }
    await warmUp(`${bare.url}${path}`, bareRequest)
    results.push(await load(`bare Hono (canned ${bench.what} body)`, `${bare.url}${path}`, bareRequest))
    results.push(await loadFrameworkFloor(bench.operationId, canned, { body: bareBody, headers: auth }))
    results.push(
      await loadService(`${bench.operationId} before (${storage})`, before.service, before.bodyFor('before')),
    )
    await stop(before.service)
    if (process.env.BENCH_INPROCESS === '1' && storage === 'PGlite') {
      const inProcess = await after(`${bench.operationId} after (PGlite on the event loop)`, {
        CONTROL_PGLITE_WORKER: '0',
      })
      await stop(inProcess.service)
    }
    const current = await after(`${bench.operationId} after (${storage})`, {})
    results.push(
      await loadService(
        `${bench.operationId} after (${storage}), paced at ½ bare`,
        current.service,
        current.bodyFor('paced'),
        (results[0]?.requestsPerSecond ?? 0) / 2,
      ),
    )
    results.push(await load('bare Hono again (drift)', `${bare.url}${path}`, bareRequest))
    report(`${bench.operationId} vs bare Hono`, results)
  } finally {
    for (const child of children.reverse()) await child.stop()
  }
}
