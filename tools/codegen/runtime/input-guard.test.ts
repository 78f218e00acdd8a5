import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { createRouteApp } from './create-route-app.js'
import type { RouteError } from './route-error.js'

const saveThing = createRoute({
  method: 'post',
  path: '/v2/things/{thingId}',
  request: {
    params: z.object({ thingId: z.string() }),
    query: z.object({ q: z.string().optional() }),
    body: {
      content: {
        'application/json': {
          schema: z.object({ name: z.string(), meta: z.record(z.string(), z.unknown()).optional() }),
        },
      },
      required: true,
    },
  },
  responses: { 200: { description: 'saved' } },
})
const uploadThing = createRoute({
  method: 'post',
  path: '/v2/uploads',
  request: {
    body: {
      content: { 'multipart/form-data': { schema: z.object({ file: z.instanceof(File) }) } },
      required: true,
    },
  },
  responses: { 200: { description: 'uploaded' } },
})

/** Shows what the app raised: the kind and, for validation, each issue's target, path and message. */
const echoError = (c: Context, error: RouteError) => {
  const issues =
    error.kind === 'invalid_request'
      ? error.error.issues.map((i) => ({ target: error.target, path: i.path, message: i.message }))
      : undefined
  return c.json({ kind: error.kind, issues, message: 'message' in error ? error.message : undefined }, 400)
}

const app = createRouteApp(
  {
    operations: [
      { operationId: 'saveThing', method: 'post', path: '/v2/things/{thingId}' },
      { operationId: 'uploadThing', method: 'post', path: '/v2/uploads' },
    ],
    routes: { saveThing, uploadThing },
    defaultBodyLimit: 1_000_000,
    maxJsonDepth: 10,
    errorResponse: echoError,
  },
  {
    handlers: {
      saveThing: async (c: Context) => c.json({ saved: await c.req.json() }, 200),
      uploadThing: (c: Context) => c.json({ uploaded: true }, 200),
    },
  },
)

const post = (body: BodyInit, contentType = 'application/json', path = '/v2/things/t1') =>
  app.request(path, { method: 'POST', headers: { 'content-type': contentType }, body })

describe('the text check before validation', () => {
  it('names a field holding a NUL character', async () => {
    const res = await post('{"name":"a\\u0000b"}')
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.kind).toBe('invalid_request')
    expect(body.issues).toEqual([
      { target: 'json', path: ['name'], message: 'Must not contain the NUL character (U+0000)' },
    ])
  })

  it('names a field, however deep, holding an unpaired surrogate', async () => {
    for (const s of ['\\ud800', 'x\\udc00', '\\udbff\\ud800']) {
      const res = await post(`{"name":"n","meta":{"list":[1,"${s}"]}}`)
      expect(res.status, s).toBe(400)
      const [issue] = (await res.json()).issues
      expect(issue.path).toEqual(['meta', 'list', 1])
      expect(issue.message).toMatch(/unpaired UTF-16 surrogate/)
    }
  })

  it('refuses a property name with a NUL', async () => {
    const res = await post('{"name":"n","meta":{"a\\u0000":1}}')
    expect((await res.json()).issues[0]).toMatchObject({ path: ['meta'], message: /property name/ })
  })

  it('refuses a number too large for a double in a free-form value, instead of storing null', async () => {
    const res = await post('{"name":"n","meta":{"a":1e999,"b":[-1e400]}}')
    expect(res.status).toBe(400)
    expect((await res.json()).issues).toEqual([
      { target: 'json', path: ['meta', 'a'], message: 'Out of range: must be a finite number' },
      { target: 'json', path: ['meta', 'b', 0], message: 'Out of range: must be a finite number' },
    ])
    expect((await post('{"name":"n","meta":{"a":1.7976931348623157e308}}')).status).toBe(200)
  })

  it('keeps well-formed text, surrogate pairs included', async () => {
    const res = await post('{"name":"😀 \\ud83d\\ude00 é","meta":{"k":["ü"]}}')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ saved: { name: '😀 😀 é', meta: { k: ['ü'] } } })
  })

  it('refuses a body that is not valid UTF-8 instead of replacing the bytes', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"name":"a'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ])
    const res = await post(bytes)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ kind: 'malformed_body', message: /not valid UTF-8.*offset 10/ })
  })

  it('refuses NUL in a path or query parameter', async () => {
    const inPath = await post('{"name":"n"}', 'application/json', '/v2/things/a%00b')
    expect((await inPath.json()).issues).toEqual([
      { target: 'param', path: ['thingId'], message: 'Must not contain the NUL character (U+0000)' },
    ])
    const inQuery = await post('{"name":"n"}', 'application/json', '/v2/things/t1?q=%00')
    expect((await inQuery.json()).issues[0]).toMatchObject({ target: 'query', path: ['q', 0] })
  })

  it('refuses a multipart file name with a NUL', async () => {
    const form = new FormData()
    form.append('file', new Blob(['x']), 'ok.pdf')
    expect((await app.request('/v2/uploads', { method: 'POST', body: form })).status).toBe(200)
    form.set('file', new Blob(['x']), 'a\u0000b.pdf')
    const res = await app.request('/v2/uploads', { method: 'POST', body: form })
    expect(res.status).toBe(400)
    expect((await res.json()).issues[0]).toMatchObject({
      target: 'form',
      path: ['file'],
      message: /file name/,
    })
  })

  // A scan that is quadratic in the depth would take minutes on 200,000 levels: the test's deadline
  // catches that without timing a fast path that a loaded machine may slow down.
  it('refuses a body nested deeper than the limit, without overflowing', { timeout: 60_000 }, async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    expect((await post(`{"name":"n","meta":{"a":${deep(8)}}}`)).status).toBe(200)
    const res = await post(`{"name":"n","meta":{"a":${deep(9)}}}`)
    expect(res.status).toBe(400)
    expect((await res.json()).issues[0]).toMatchObject({
      path: ['meta', 'a', 0, 0, 0, 0, 0, 0, 0, 0],
      message: /10 levels/,
    })
    expect((await post(`{"name":"n","meta":{"a":${deep(200_000)}}}`)).status).toBe(400)
  })
})
