/**
 * Benchmark of issue 7 (`pnpm --dir services/control bench`): keys.verifyKey under load against
 * the control service in its own process on PGlite, compared with a bare Hono handler returning
 * a canned body of the same shape. BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10)
 * tune the load.
 */
import { load, report, startBareHono, startControlService } from './harness.js'

const ROOT_KEY = 'ck_bench_root_key'
const auth = { authorization: `Bearer ${ROOT_KEY}` }

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

const service = await startControlService(
  ROOT_KEY,
  process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {},
)
let bare: Awaited<ReturnType<typeof startBareHono>> | undefined
try {
  const { data: api } = await post(`${service.url}/v2/apis.createApi`, { name: 'bench-api' })
  const { data: created } = await post(`${service.url}/v2/keys.createKey`, {
    apiId: api.apiId,
    name: 'bench key',
    externalId: 'bench_customer',
    meta: { plan: 'pro' },
    permissions: ['documents.read'],
  })
  const verifyBody = { key: created.key, permissions: 'documents.read' }
  const sample = await post(`${service.url}/v2/keys.verifyKey`, verifyBody)
  if (sample.data.valid !== true) throw new Error(`the bench key does not verify: ${JSON.stringify(sample)}`)

  bare = await startBareHono('/v2/keys.verifyKey', sample)
  const results = [
    await load('bare Hono (canned verifyKey body)', `${bare.url}/v2/keys.verifyKey`, {
      body: verifyBody,
      headers: auth,
    }),
    await load('keys.verifyKey (PGlite)', `${service.url}/v2/keys.verifyKey`, {
      body: verifyBody,
      headers: auth,
    }),
  ]
  report('keys.verifyKey vs bare Hono', results)
} finally {
  await bare?.stop()
  await service.stop()
}
