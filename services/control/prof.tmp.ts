import { createService } from './src/service.ts'
const s = await createService({ rootKey: 'ck_prof', seed: true })
const post = async (op: string, body: unknown) => {
  const r = await fetch(`${s.url}/v2/${op}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ck_prof' }, body: JSON.stringify(body) })
  return (await r.json()) as { data: any }
}
const api = (await post('apis.createApi', { name: 'prof' })).data
const time = async (label: string, fn: () => Promise<unknown>) => { const t0 = performance.now(); for (let i = 0; i < 40; i++) await fn(); console.log(label, ((performance.now() - t0) / 40).toFixed(1), 'ms') }
await time('liveness', () => post('liveness', {}))
await time('getApi', () => post('apis.getApi', { apiId: api.apiId }))
await s.queue.stop()
await time('getApi (queue stopped)', () => post('apis.getApi', { apiId: api.apiId }))
await time('root key select', () => s.db.query('SELECT * FROM root_keys WHERE hash = $1', ['x']))
await s.close()
