/** The baseline of the benchmarks: Hono answering one POST route with a canned JSON body. */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const path = process.env.BENCH_PATH ?? '/'
const body = process.env.BENCH_BODY ?? '{}'
const app = new Hono()
app.post(path, (c) => c.body(body, 200, { 'content-type': 'application/json' }))
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`bare hono listening on http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
