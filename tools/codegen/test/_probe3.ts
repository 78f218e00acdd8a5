import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
const toArr = (v: unknown) => (v === undefined || Array.isArray(v) ? v : [v])
const r = createRoute({ method: 'get', path: '/x', operationId: 'x',
  request: { query: z.object({ arr: z.preprocess(toArr, z.array(z.coerce.number().int())).optional().openapi({ type: 'array', items: { type: 'integer' , format: 'int64'} }),
   arr2: z.preprocess(toArr, z.array(z.coerce.number().int()).min(1)).openapi({ type: 'array', items: { type: 'integer' } }) }) },
  responses: { 200: { description: 'ok' } } })
const app = new OpenAPIHono()
app.openapi(r, (c) => c.json({ q: c.req.valid('query') }, 200))
console.log(JSON.stringify(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }).paths))
for (const u of ['/x?arr=1&arr=2&arr2=3', '/x?arr=1&arr2=1', '/x']) { const res = await app.request(u); console.log(res.status, (await res.text()).slice(0,200)) }
