// `pnpm bench`: time per call against a local server in another process, in one run:
// raw fetch, bare openapi-fetch, this client (fetch transport) and this client (undici transport).
import { fork } from 'node:child_process'
import createClient from 'openapi-fetch'
import { createControlClient } from '../dist/index.js'
import { undiciTransport } from '../dist/node.js'

const N = Number(process.env.BENCH_N ?? 3000)
const ROUNDS = 5
const child = fork(new URL('./server.mjs', import.meta.url), [
  JSON.stringify({ meta: { requestId: 'r' }, data: { id: 'd_1', status: 'ready' } }),
])
const port = await new Promise((r) => child.once('message', r))
const baseUrl = `http://127.0.0.1:${port}`
const body = JSON.stringify({ deploymentId: 'd_1' })
const headers = { 'content-type': 'application/json', authorization: 'Bearer k' }

const raw = createClient({ baseUrl, headers })
const ours = createControlClient({ baseUrl, rootKey: 'k' })
const fast = createControlClient({ baseUrl, rootKey: 'k', transport: undiciTransport() })
const cases = {
  'raw fetch': async () =>
    (await fetch(`${baseUrl}/v2/deployments.getDeployment`, { method: 'POST', headers, body })).json(),
  'openapi-fetch': () => raw.POST('/v2/deployments.getDeployment', { body: { deploymentId: 'd_1' } }),
  'control-client (fetch)': () => ours.deployments.getDeployment({ deploymentId: 'd_1' }),
  'control-client (undici)': () => fast.deployments.getDeployment({ deploymentId: 'd_1' }),
}
const best = {}
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(cases)) {
    for (let i = 0; i < 200; i++) await fn() // warm-up
    const t = performance.now()
    for (let i = 0; i < N; i++) await fn()
    const us = ((performance.now() - t) * 1000) / N
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, us)
  }
}
child.kill()
const base = best['raw fetch']
console.log(`Node ${process.version}, ${N} sequential calls × ${ROUNDS} rounds, best round:`)
for (const [name, us] of Object.entries(best)) {
  console.log(`${name.padEnd(26)} ${us.toFixed(1).padStart(7)} µs/call  ${(us / base).toFixed(2)}× raw fetch`)
}
process.exit(0)
