/**
 * The framework's floor: one operation's generated route (the spec's request schema, validated by
 * @hono/zod-openapi) answering a canned body with `c.json`, and nothing else: no authentication,
 * no database, no middleware. No service built on these routes can be faster, so its ratio to bare
 * Hono is the ceiling of the service's own.
 */
import { routes } from '@apiplatform/control-routes'
import { serve } from '@hono/node-server'
import { OpenAPIHono } from '@hono/zod-openapi'

const operationId = process.env.BENCH_OPERATION as keyof typeof routes
const route = routes[operationId]
if (!route) throw new Error(`unknown operation ${operationId}`)
const body = JSON.parse(process.env.BENCH_BODY ?? '{}') as Record<string, unknown>
const app = new OpenAPIHono()
// biome-ignore lint/suspicious/noExplicitAny: one route of the union; its typed response is the canned body.
app.openapi(route as any, (c: any) => c.json(body, 200))
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`framework floor listening on http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
