import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
const r = createRoute({ method: 'get', path: '/x/{id}', operationId: 'x',
  request: { params: z.object({ id: z.coerce.number().int().gte(1).openapi({ type: 'integer' }) }), query: z.object({ b: z.stringbool().openapi({ type: 'boolean' }).optional(), c: z.coerce.number().optional().openapi({ type: 'number' }), d: z.coerce.number().int().default(5).openapi({ type: 'integer' }), arr: z.array(z.coerce.number()).optional() }) },
  responses: { 200: { description: 'ok' } } })
const app = new OpenAPIHono()
app.openapi(r, (c) => c.json({ p: c.req.valid('param'), q: c.req.valid('query') }, 200))
console.log(JSON.stringify(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }).paths))
for (const u of ['/x/12?b=false&c=3&arr=1&arr=2', '/x/12?arr=1', '/x/abc', '/x/0?b=maybe']) { const res = await app.request(u); console.log(res.status, await res.text()) }
