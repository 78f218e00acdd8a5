// `pnpm bench`: time per call against a local server in another process, in one run:
// raw fetch, bare openapi-fetch, this client (fetch transport) and this client (undici transport).
import { fork } from 'node:child_process'
import createClient from 'openapi-fetch'
import { createWebDataClient } from '../dist/index.js'
import { undiciTransport } from '../dist/node.js'

const N = Number(process.env.BENCH_N ?? 3000)
const ROUNDS = 5
const child = fork(new URL('./server.mjs', import.meta.url), [
  JSON.stringify({ success: true, status: 'processing', creditsUsed: 3 }),
])
const port = await new Promise((r) => child.once('message', r))
const baseUrl = `http://127.0.0.1:${port}`
const JOB = '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
const headers = { authorization: 'Bearer k' }

const raw = createClient({ baseUrl, headers })
const ours = createWebDataClient({ baseUrl, apiKey: 'k' })
const fast = createWebDataClient({ baseUrl, apiKey: 'k', transport: undiciTransport() })
const cases = {
  'raw fetch': async () => (await fetch(`${baseUrl}/v2/agent/${JOB}`, { headers })).json(),
  'openapi-fetch': () => raw.GET('/v2/agent/{jobId}', { params: { path: { jobId: JOB } } }),
  'web-data-client (fetch)': () => ours.agent.get(JOB),
  'web-data-client (undici)': () => fast.agent.get(JOB),
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
