/**
 * Benchmark of issue 7 (`pnpm --dir services/control bench`, with ratelimit-limit.bench.ts):
 * keys.verifyKey under load against the control service in its own process, compared in the same
 * run with a bare Hono handler and the framework floor answering the service's own body (see
 * operation-bench.ts for the run). The key has an identity, meta and one permission, and every
 * request checks that permission. BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10)
 * tune the load.
 */
import { post, runOperationBench } from './operation-bench.js'

await runOperationBench({
  operationId: 'keys.verifyKey',
  what: 'verifyKey',
  async prepare(service) {
    const { data: api } = await post(service, '/v2/apis.createApi', { name: 'bench-api' })
    const { data: created } = await post(service, '/v2/keys.createKey', {
      apiId: api.apiId,
      name: 'bench key',
      externalId: `bench_customer_${Date.now()}`,
      meta: { plan: 'pro' },
      permissions: ['documents.read'],
    })
    const body = { key: created.key, permissions: 'documents.read' }
    const sample = await post(service, '/v2/keys.verifyKey', body)
    if (sample.data.valid !== true)
      throw new Error(`the bench key does not verify: ${JSON.stringify(sample)}`)
    return () => body
  },
})
