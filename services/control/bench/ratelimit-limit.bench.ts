/**
 * Benchmark (not a test): ratelimit.limit under load against the control service in its own
 * process, compared with a bare Hono handler returning a canned body of the same shape, in the
 * same run. PGlite by default; BENCH_DATABASE_URL runs the service on PostgreSQL instead.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune the load.
 *
 *   pnpm --dir services/control exec tsx bench/ratelimit-limit.bench.ts
 */
import { load, report, startBareHono, startControlService } from './harness.js'

const ROOT_KEY = 'ck_bench_root_key'
const auth = { authorization: `Bearer ${ROOT_KEY}` }
// One hot identifier with a limit it never reaches: every request is a counting upsert on one row.
const body = { namespace: 'bench.requests', identifier: 'user_1', limit: 1_000_000_000, duration: 60_000 }

const service = await startControlService(
  ROOT_KEY,
  process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
)
let bare: Awaited<ReturnType<typeof startBareHono>> | undefined
try {
  const res = await fetch(`${service.url}/v2/ratelimit.limit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })
  const sample = await res.json()
  if (res.status !== 200) throw new Error(`ratelimit.limit answered ${res.status}: ${JSON.stringify(sample)}`)
  bare = await startBareHono('/v2/ratelimit.limit', sample)
  const storage = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  const results = [
    await load('bare Hono (canned limit body)', `${bare.url}/v2/ratelimit.limit`, { body, headers: auth }),
    await load(`ratelimit.limit (${storage})`, `${service.url}/v2/ratelimit.limit`, { body, headers: auth }),
  ]
  report('ratelimit.limit vs bare Hono', results)
} finally {
  await bare?.stop()
  await service.stop()
}
