/**
 * Benchmark (not a test): ratelimit.limit under load against the control service in its own
 * process, compared in the same run with a bare Hono handler returning a canned body of the same
 * shape. Like verify-key.bench.ts: "before" (UNOPTIMISED: every decision one SQL statement with
 * its analytics insert), "after" (defaults: leased permits, cached namespace and override,
 * batched analytics, PGlite in a worker thread), "after" paced at half the bare-Hono rate, and
 * bare Hono again at the end (drift). PGlite by default; BENCH_DATABASE_URL runs the service on
 * PostgreSQL instead; BENCH_INPROCESS=1 adds "after" with PGlite on the event-loop thread.
 *
 *   pnpm --dir services/control exec tsx bench/ratelimit-limit.bench.ts
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

const ROOT_KEY = 'ck_bench_root_key'
const auth = { authorization: `Bearer ${ROOT_KEY}` }
// One hot identifier with a limit it never reaches: every request counts on one row.
const body = { namespace: 'bench.requests', identifier: 'user_1', limit: 1_000_000_000, duration: 60_000 }
const storage = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'

async function prepare(env: Record<string, string>) {
  const service = await startControlService(ROOT_KEY, {
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...env,
  })
  const res = await fetch(`${service.url}/v2/ratelimit.limit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ ...body, identifier: `user_${Date.now()}` }),
  })
  const sample = await res.json()
  if (res.status !== 200) throw new Error(`ratelimit.limit answered ${res.status}: ${JSON.stringify(sample)}`)
  return { service, sample }
}

const children: Child[] = []
const results: LoadResult[] = []
const stop = async (child: Child) => {
  await child.stop()
  children.splice(children.indexOf(child), 1)
}
/** Loads the service on its defaults plus `env` ("after"), unpaced; returns it, still running. */
async function after(label: string, env: Record<string, string>) {
  const { service } = await prepare(env)
  children.push(service)
  const url = `${service.url}/v2/ratelimit.limit`
  await warmUp(url, { body: { ...body, identifier: 'warm_after' }, headers: auth })
  results.push(
    await load(label, url, {
      body: { ...body, identifier: `after_${Date.now()}` },
      headers: auth,
      pid: service.pid,
    }),
  )
  return { service, url }
}
try {
  const before = await prepare(UNOPTIMISED)
  children.push(before.service)
  const bare = await startBareHono('/v2/ratelimit.limit', before.sample)
  children.push(bare)
  await warmUp(`${bare.url}/v2/ratelimit.limit`, { body, headers: auth })
  await warmUp(`${before.service.url}/v2/ratelimit.limit`, {
    body: { ...body, identifier: 'warm_before' },
    headers: auth,
  })
  const bareTarget = { body, headers: auth, pid: bare.pid }
  results.push(await load('bare Hono (canned limit body)', `${bare.url}/v2/ratelimit.limit`, bareTarget))
  results.push(await loadFrameworkFloor('ratelimit.limit', before.sample, { body: body, headers: auth }))
  results.push(
    await load(`ratelimit.limit before (${storage})`, `${before.service.url}/v2/ratelimit.limit`, {
      body: { ...body, identifier: `before_${Date.now()}` },
      headers: auth,
      pid: before.service.pid,
    }),
  )
  await stop(before.service)
  if (process.env.BENCH_INPROCESS === '1' && storage === 'PGlite') {
    const inProcess = await after('ratelimit.limit after (PGlite on the event loop)', {
      CONTROL_PGLITE_WORKER: '0',
    })
    await stop(inProcess.service)
  }
  const current = await after(`ratelimit.limit after (${storage})`, {})
  results.push(
    await load(`ratelimit.limit after (${storage}), paced at ½ bare`, current.url, {
      body: { ...body, identifier: `paced_${Date.now()}` },
      headers: auth,
      pid: current.service.pid,
      overallRate: (results[0]?.requestsPerSecond ?? 0) / 2,
    }),
  )
  results.push(await load('bare Hono again (drift)', `${bare.url}/v2/ratelimit.limit`, bareTarget))
  report('ratelimit.limit vs bare Hono', results)
} finally {
  for (const child of children.reverse()) await child.stop()
}
