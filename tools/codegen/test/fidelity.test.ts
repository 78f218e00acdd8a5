import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { compareSpecs, formatDrift } from '../../contract/src/drift.js'
import { generateRoutes } from '../src/generate-routes.js'
import { runtimeFiles } from '../src/runtime-files.js'

const fixture = fileURLToPath(new URL('./fixtures/fidelity.json', import.meta.url))
const out = fileURLToPath(new URL('./generated/fidelity/', import.meta.url))
const doc = JSON.parse(readFileSync(fixture, 'utf8')) as OpenApiDocument

type Schemas = Record<string, ZodType>
let s: Schemas
let routes: Record<string, RouteConfig>
let generated: Record<string, unknown>

beforeAll(async () => {
  // Written beside the test so that the generated imports resolve; `generated/` is gitignored.
  mkdirSync(`${out}runtime`, { recursive: true })
  for (const [name, content] of Object.entries({
    ...generateRoutes(doc, { source: 'fidelity.json' }),
    ...runtimeFiles(),
  })) {
    writeFileSync(`${out}${name}`, content)
  }
  generated = await import(`${out}index.ts`)
  s = (await import(`${out}schemas.ts`)) as Schemas
  routes = ((await import(`${out}routes.ts`)) as { routes: Record<string, RouteConfig> }).routes
})

const valid = {
  id: 'thing_1',
  name: 'a',
  count: 5,
  shape: { kind: 'circle', radius: 1 },
}
const ok = (schema: ZodType, value: unknown) => schema.safeParse(value).success
const create = () => s.CreateThingRequest as ZodType

describe('schemas', () => {
  it('x-max-depth and x-max-bytes bound a free-form value, with its other checks', () => {
    const free = s.FreeForm as ZodType
    expect(ok(free, { a: { b: 1 } })).toBe(true)
    expect(ok(free, null)).toBe(true)
    expect(ok(free, { a: { b: [1] } })).toBe(false) // 3 levels
    expect(ok(free, { a: 'x'.repeat(30) })).toBe(false) // over 30 bytes as JSON
    expect(ok(free, { a: 1, b: 2, c: 3, d: 4 })).toBe(false) // maxProperties still applies
  })

  it('$refs become references to the component consts', () => {
    const code = readFileSync(`${out}schemas.ts`, 'utf8')
    expect(code).toMatch(/export const Base = z\.object\(\{ "id": ResourceId \}\)/)
    expect(ok(s.Base as ZodType, { id: 'ab' })).toBe(false) // ResourceId's minLength applies through the ref
  })

  it('allOf merges objects and unevaluatedProperties:false rejects unknown properties', () => {
    expect(ok(create(), valid)).toBe(true)
    expect(ok(create(), { ...valid, unknown: 1 })).toBe(false)
    const { id: _id, ...withoutBase } = valid
    expect(ok(create(), withoutBase)).toBe(false) // required from the allOf member
  })

  it('additionalProperties:false rejects unknown properties', () => {
    expect(ok(s.Problem as ZodType, { title: 't', status: 400, type: 'https://x/errors/y' })).toBe(true)
    expect(ok(s.Problem as ZodType, { title: 't', status: 400, type: 'https://x/errors/y', extra: 1 })).toBe(
      false,
    )
  })

  it('oneOf with a discriminator is a discriminated union', () => {
    const shape = s.Shape as ZodType
    expect(ok(shape, { kind: 'square', side: 2 })).toBe(true)
    expect(ok(shape, { kind: 'square', radius: 2 })).toBe(false)
    expect(ok(shape, { kind: 'triangle' })).toBe(false)
    expect(readFileSync(`${out}schemas.ts`, 'utf8')).toContain(
      'z.discriminatedUnion("kind", [Circle, Square])',
    )
  })

  it('anyOf is a union', () => {
    expect(ok(create(), { ...valid, idOrCount: 'x' })).toBe(true)
    expect(ok(create(), { ...valid, idOrCount: 3 })).toBe(true)
    expect(ok(create(), { ...valid, idOrCount: true })).toBe(false)
  })

  it('patterns, lengths, min/max and exclusive bounds', () => {
    expect(ok(s.ResourceId as ZodType, 'abc_-1')).toBe(true)
    expect(ok(s.ResourceId as ZodType, 'ab')).toBe(false)
    expect(ok(s.ResourceId as ZodType, 'a'.repeat(256))).toBe(false)
    expect(ok(s.ResourceId as ZodType, 'has space')).toBe(false)
    expect(ok(create(), { ...valid, name: '' })).toBe(false)
    expect(ok(create(), { ...valid, name: 'x'.repeat(11) })).toBe(false)
    expect(ok(create(), { ...valid, count: 1001 })).toBe(false)
    expect(ok(create(), { ...valid, count: -1 })).toBe(false)
    expect(ok(s.Circle as ZodType, { kind: 'circle', radius: 0 })).toBe(false)
    expect(ok(create(), { ...valid, labels: { a: 'x', b: 'y', c: 'z' } })).toBe(false) // maxProperties
  })

  it('int64 is an integer and keeps its format', () => {
    expect(ok(create(), { ...valid, count: 1.5 })).toBe(false)
    expect(readFileSync(`${out}schemas.ts`, 'utf8')).toContain('.openapi({ format: "int64" })')
  })

  it('enums and const', () => {
    expect(ok(create(), { ...valid, color: 'red' })).toBe(true)
    expect(ok(create(), { ...valid, color: 'pink' })).toBe(false)
    expect(ok(create(), { ...valid, version: 2 })).toBe(true)
    expect(ok(create(), { ...valid, version: 3 })).toBe(false)
  })

  it('defaults fill missing values, also through a $ref', () => {
    const parsed = create().parse(valid) as Record<string, unknown>
    expect(parsed.retries).toBe(3)
    expect(parsed.mode).toBe('fast')
  })

  it('nullable: 3.1 type arrays and anyOf with null', () => {
    expect(ok(create(), { ...valid, note: null })).toBe(true)
    expect(ok(create(), { ...valid, note: 'toolong' })).toBe(false)
    expect(ok(create(), { ...valid, parent: null })).toBe(true)
    expect(ok(create(), { ...valid, parent: 'p_1' })).toBe(true)
    expect(ok(create(), { ...valid, parent: 1 })).toBe(false)
  })

  it('cycles use z.lazy', () => {
    const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }
    expect(ok(create(), { ...valid, tree })).toBe(true)
    expect(ok(create(), { ...valid, tree: { name: 'a', children: [{ children: [] }] } })).toBe(false)
  })

  it('a required property of any type must be present', () => {
    expect(ok(s.ThingResponse as ZodType, { data: { id: 'abc', payload: null } })).toBe(true)
    expect(ok(s.ThingResponse as ZodType, { data: { id: 'abc' } })).toBe(false)
  })
})

describe('routes', () => {
  let app: OpenAPIHono
  beforeAll(() => {
    app = new OpenAPIHono()
    app.openapi(
      routes.getThing as RouteConfig,
      ((c: never) =>
        (c as { json: (v: unknown) => Response; req: { valid: (t: string) => unknown } }).json({
          param: (c as { req: { valid: (t: string) => unknown } }).req.valid('param'),
          query: (c as { req: { valid: (t: string) => unknown } }).req.valid('query'),
        })) as never,
    )
    app.openapi(
      routes.upload as RouteConfig,
      (async (c: {
        req: { valid: (t: string) => Record<string, unknown> }
        json: (v: unknown) => Response
      }) => {
        const form = c.req.valid('form')
        return c.json({
          size: (form.file as Blob).size,
          mode: (form.options as { mode: string } | undefined)?.mode,
          pages: form.pages,
        })
      }) as never,
    )
  })

  it('emits method, path, operationId, tags and summary', () => {
    const r = routes['things.create'] as RouteConfig
    expect(r.method).toBe('post')
    expect(r.path).toBe('/v2/things.create')
    expect(r.operationId).toBe('things.create')
    expect(r.tags).toEqual(['things'])
    expect(r.summary).toBe('Create a thing')
  })

  it('coerces path and query parameters from strings', async () => {
    const id = '3c90c3cc-0d44-4b50-8888-8dd25736052a'
    const res = await app.request(`/v2/things/${id}?verbose=true&tags=a&ids=1&ids=2`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      param: { thingId: id },
      query: { limit: 10, verbose: true, tags: ['a'], ids: [1, 2] },
    })
    expect((await app.request(`/v2/things/${id}?ids=x`)).status).toBe(400)
    expect((await app.request(`/v2/things/${id}?ids=1&limit=101`)).status).toBe(400)
    expect((await app.request(`/v2/things/${id}?ids=1&verbose=yes`)).status).toBe(400)
    expect((await app.request(`/v2/things/${id}`)).status).toBe(400) // ids is required
    expect((await app.request('/v2/things/not-a-uuid?ids=1')).status).toBe(400)
  })

  it('accepts multipart uploads with a file, a number and a JSON part', async () => {
    const form = new FormData()
    form.append('file', new Blob(['hello']), 'a.txt')
    form.append('pages', '3')
    form.append('options', JSON.stringify({ mode: 'slow' }))
    const res = await app.request('/v2/upload', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ size: 5, mode: 'slow', pages: 3 })
    const missing = new FormData()
    missing.append('pages', '3')
    expect((await app.request('/v2/upload', { method: 'POST', body: missing })).status).toBe(400)
  })

  const contentTypes = (route: RouteConfig, status: number) =>
    Object.keys((route.responses[status] as { content?: object } | undefined)?.content ?? {})

  it('keeps every status and content type of each response', () => {
    const create = routes['things.create'] as RouteConfig
    expect(Object.keys(create.responses)).toEqual(['200', '400', '429'])
    expect(contentTypes(create, 429)).toEqual(['application/problem+json'])
    const get = routes.getThing as RouteConfig
    expect(contentTypes(get, 200)).toEqual(['application/json', 'text/markdown'])
    expect((get.responses[404] as { content?: object }).content).toBeUndefined()
  })

  it('lists operations and keeps x-* extensions reachable', () => {
    expect(generated.operations).toEqual([
      { operationId: 'things.create', method: 'post', path: '/v2/things.create' },
      { operationId: 'getThing', method: 'get', path: '/v2/things/{thingId}' },
      { operationId: 'deleteThing', method: 'delete', path: '/v2/things/{thingId}' },
      { operationId: 'upload', method: 'post', path: '/v2/upload' },
    ])
    const ext = generated.extensions as Record<string, { operation: object; responses: object }>
    expect(ext['things.create']).toEqual({
      operation: { 'x-required-permissions': [['thing.*.create']] },
      responses: { 400: { 'x-retryable': 'no' }, 429: { 'x-retryable': 'yes' } },
    })
    expect(ext.getThing?.responses).toEqual({ 404: { 'x-retryable': 'no' } })
  })

  it('exports the operations that take Idempotency-Key (none in the fixture)', () => {
    expect(generated.idempotentWrites).toEqual(new Set())
  })

  it('writes the x-required-permissions of every operation as a table', () => {
    expect(generated.requiredPermissions).toEqual({
      'things.create': [['thing.*.create']],
      getThing: [['thing.*.read'], ['thing.{thingId}.read']],
      deleteThing: [['thing.{thingId}.delete']],
      upload: [],
    })
  })

  it('re-exports the spec', () => {
    expect(generated.spec).toEqual(doc)
  })

  it('emits a document without drift from the spec', () => {
    const full = new OpenAPIHono()
    for (const r of Object.values(routes)) full.openapi(r, (() => new Response()) as never)
    const emitted = full.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } })
    const drifts = compareSpecs(emitted, doc)
    expect(drifts, formatDrift(drifts)).toEqual([])
  })
})
