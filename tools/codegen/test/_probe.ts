import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
const A = z.object({ t: z.literal('a'), n: z.number().int().openapi({ format: 'int64' }) }).strict().openapi('A')
const B = z.object({ t: z.literal('b'), s: z.string().nullable().default(null) }).openapi('B')
const U = z.discriminatedUnion('t', [A, B]).openapi('U')
const Un = z.union([A, B])
const Node: z.ZodType<unknown> = z.object({ kids: z.array(z.lazy(() => Node)) }).openapi('Node')
const r = createRoute({ method: 'post', path: '/x/{id}', operationId: 'x',
  request: { params: z.object({ id: z.coerce.number().int() }), query: z.object({ b: z.stringbool().optional(), c: z.coerce.number().optional(), arr: z.array(z.string()).optional() }),
    body: { content: { 'multipart/form-data': { schema: z.object({ file: z.custom<Blob>((v) => v instanceof Blob).openapi({ type: 'string', format: 'binary' }) }) } } } },
  responses: { 200: { description: 'ok', content: { 'application/json': { schema: z.object({ u: U, un: Un, node: Node, any: z.any(), unk: z.unknown(), rec: z.record(z.string(), z.number()) }) }, 'application/problem+json': { schema: A } }, headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'x' } } } } })
const app = new OpenAPIHono()
app.openapi(r, (c) => c.json({ u: { t: 'a', n: 1 } as const, un: { t: 'b', s: null } as const, node: {}, any: 1, unk: 1, rec: {} }, 200))
console.log(JSON.stringify(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }), null, 1))
const fd = new FormData(); fd.append('file', new Blob(['hi']), 'a.txt')
const res = await app.request('/x/12?b=false&c=3&arr=a&arr=b', { method: 'POST', body: fd })
console.log(res.status, await res.text())
