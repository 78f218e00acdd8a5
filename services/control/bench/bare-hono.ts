/**
 * The baseline of the benchmarks: Hono on @hono/node-server answering one POST route with a
 * canned JSON body after reading and parsing the request's JSON body, the least any real handler
 * does. BENCH_READ_BODY=0 answers without touching the body (the extra "no body read" column).
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const path = process.env.BENCH_PATH ?? '/'
const body = process.env.BENCH_BODY ?? '{}'
const headers = { 'content-type': 'application/json' }
const app = new Hono()
if (process.env.BENCH_READ_BODY === '0') app.post(path, (c) => c.body(body, 200, headers))
else
  app.post(path, async (c) => {
    await c.req.json()
    return c.body(body, 200, headers)
  })
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`bare hono listening on http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
