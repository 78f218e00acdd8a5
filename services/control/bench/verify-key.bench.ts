/**
 * Benchmark (not a test): `keys.verifyKey` under load, c=10, against bare Hono (reading the JSON
 * body, and not), the framework floor and Prism, in alternating rounds (see operation-bench.ts).
 * The key has an identity, meta and one permission, and every request checks that permission.
 *
 *   pnpm --dir services/control bench [--quick]
 */
import { post, runOperationBench } from './operation-bench.js'

await runOperationBench({
  operationId: 'keys.verifyKey',
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
    return body
  },
  workloads: [{ name: 'one key', body: (request) => request }],
})
