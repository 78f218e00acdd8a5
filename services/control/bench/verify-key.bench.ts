/**
 * Benchmark of issue 7 (`pnpm --dir services/control bench`, with ratelimit-limit.bench.ts):
 * keys.verifyKey under load against the control service in its own process, compared in the same
 * run with a bare Hono handler returning a canned body of the same shape. The service runs twice:
 * "before" with the hot-path optimisations off (UNOPTIMISED) and "after" on its defaults; "after"
 * is then loaded again, paced at half the bare-Hono rate, for its p99 there, and bare Hono once
 * more at the end (how far the machine drifted during the run). PGlite by default;
 * BENCH_DATABASE_URL runs the service on PostgreSQL instead; BENCH_INPROCESS=1 adds "after" with
 * PGlite on the event-loop thread (CONTROL_PGLITE_WORKER=0). BENCH_SECONDS (default 10) and
 * BENCH_CONNECTIONS (default 10) tune the load.
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
const storage = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { data: Record<string, unknown> }
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** A service with an API and a key (identity, meta, one permission); returns the verify body. */
async function prepare(env: Record<string, string>) {
  const service = await startControlService(ROOT_KEY, {
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {}),
    ...env,
  })
  const { data: api } = await post(`${service.url}/v2/apis.createApi`, { name: 'bench-api' })
  const { data: created } = await post(`${service.url}/v2/keys.createKey`, {
    apiId: api.apiId,
    name: 'bench key',
    externalId: `bench_customer_${Date.now()}`,
    meta: { plan: 'pro' },
    permissions: ['documents.read'],
  })
  const body = { key: created.key, permissions: 'documents.read' }
  const sample = await post(`${service.url}/v2/keys.verifyKey`, body)
  if (sample.data.valid !== true) throw new Error(`the bench key does not verify: ${JSON.stringify(sample)}`)
  return { service, body, sample }
}

const children: Child[] = []
const results: LoadResult[] = []
const stop = async (child: Child) => {
  await child.stop()
  children.splice(children.indexOf(child), 1)
}
/** Loads the service on its defaults plus `env` ("after"), unpaced; returns it, still running. */
async function after(label: string, env: Record<string, string>) {
  const prepared = await prepare(env)
  children.push(prepared.service)
  const url = `${prepared.service.url}/v2/keys.verifyKey`
  const target = { body: prepared.body, headers: auth, pid: prepared.service.pid }
  await warmUp(url, target)
  results.push(await load(label, url, target))
  return { ...prepared, url, target }
}
try {
  const before = await prepare(UNOPTIMISED)
  children.push(before.service)
  const bare = await startBareHono('/v2/keys.verifyKey', before.sample)
  children.push(bare)
  await warmUp(`${bare.url}/v2/keys.verifyKey`, { body: before.body, headers: auth })
  await warmUp(`${before.service.url}/v2/keys.verifyKey`, { body: before.body, headers: auth })
  const bareTarget = { body: before.body, headers: auth, pid: bare.pid }
  results.push(await load('bare Hono (canned verifyKey body)', `${bare.url}/v2/keys.verifyKey`, bareTarget))
  results.push(
    await loadFrameworkFloor('keys.verifyKey', before.sample, { body: before.body, headers: auth }),
  )
  results.push(
    await load(`keys.verifyKey before (${storage})`, `${before.service.url}/v2/keys.verifyKey`, {
      body: before.body,
      headers: auth,
      pid: before.service.pid,
    }),
  )
  await stop(before.service)
  if (process.env.BENCH_INPROCESS === '1' && storage === 'PGlite') {
    const inProcess = await after('keys.verifyKey after (PGlite on the event loop)', {
      CONTROL_PGLITE_WORKER: '0',
    })
    await stop(inProcess.service)
  }
  const current = await after(`keys.verifyKey after (${storage})`, {})
  results.push(
    await load(`keys.verifyKey after (${storage}), paced at ½ bare`, current.url, {
      ...current.target,
      overallRate: (results[0]?.requestsPerSecond ?? 0) / 2,
    }),
  )
  results.push(await load('bare Hono again (drift)', `${bare.url}/v2/keys.verifyKey`, bareTarget))
  report('keys.verifyKey vs bare Hono', results)
} finally {
  for (const child of children.reverse()) await child.stop()
}
