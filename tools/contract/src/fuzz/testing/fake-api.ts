/**
 * A small API for the fuzzer's own tests of its later phases: items (create with a unique name,
 * get, delete, reroll), sessions under a limit of 3, and the defects those phases look for, each
 * switched on by name. Racy variants read, yield to other requests, then write, as a service does
 * that checks a row and updates it in two statements.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { OpenApiDocument } from '../../spec.js'
import { ResponseValidator } from '../../validator.js'

export type FakeDefect = 'race' | 'reserved-500' | 'stack' | 'dot-routing'

const error = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: { error: { type: 'string' } },
}
const json = (schema: unknown) => ({ 'application/json': { schema } })
// Every operation documents 400: a path the service cannot decode (`%zz`) is a bad request.
const answers = (ok: unknown, ...statuses: number[]) => ({
  '200': { description: 'ok', content: json(ok) },
  ...Object.fromEntries(
    [400, ...statuses].map((s) => [
      String(s),
      // The 409 of a unique name (the fuzzer's generic rule reads it so).
      { description: s === 409 ? 'an item of that unique name exists' : 'error', content: json(error) },
    ]),
  ),
})
const idParam = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }]
const withId = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }

export const fakeSpec: OpenApiDocument = {
  openapi: '3.1.0',
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/v1/liveness': {
      post: { operationId: 'liveness', security: [], responses: { '200': { description: 'ok' } } },
    },
    '/v1/items': {
      post: {
        operationId: 'createItem',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                additionalProperties: false,
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 20 },
                  meta: { type: 'object', additionalProperties: true, 'x-max-depth': 8 },
                  schema: { type: 'object', description: 'JSON Schema of the item data', 'x-max-depth': 8 },
                },
              },
              example: { name: 'one', meta: { a: 1 }, schema: { type: 'object' } },
            },
          },
        },
        responses: answers(withId, 401, 409, 413),
      },
    },
    '/v1/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: idParam,
        responses: answers(
          {
            type: 'object',
            required: ['id', 'live'],
            properties: { id: { type: 'string' }, live: { type: 'boolean' } },
          },
          401,
          404,
        ),
      },
      delete: { operationId: 'deleteItem', parameters: idParam, responses: answers(withId, 401, 404) },
    },
    '/v1/items/{id}/reroll': {
      post: { operationId: 'rerollItem', parameters: idParam, responses: answers(withId, 401, 404) },
    },
    '/v1/sessions': {
      post: { operationId: 'createSession', responses: answers(withId, 401, 429) },
      get: {
        operationId: 'listSessions',
        responses: answers(
          {
            type: 'object',
            required: ['sessions'],
            properties: { sessions: { type: 'array', items: withId } },
          },
          401,
        ),
      },
    },
    '/v1/sessions/{id}': {
      delete: { operationId: 'deleteSession', parameters: idParam, responses: answers(withId, 401, 404) },
    },
  },
}

export const FAKE_KEY = 'fake_key_123'
export const SESSION_LIMIT = 3

export function startFakeApi(defects: FakeDefect[] = []): Promise<{ url: string; close(): Promise<void> }> {
  const has = (d: FakeDefect) => defects.includes(d)
  const validator = new ResponseValidator(fakeSpec)
  const items = new Map<string, { name: string; live: boolean }>()
  const sessions = new Set<string>()
  let next = 0
  // A racy service lets other requests run between its read and its write.
  const gap = () => (has('race') ? new Promise<void>((r) => setImmediate(r)) : undefined)
  const handle = async (
    method: string,
    raw: string,
    contentType: string | undefined,
    body: unknown,
  ): Promise<[number, unknown?]> => {
    const fail = (status: number): [number, unknown] => [
      status,
      {
        error:
          has('stack') && status === 404
            ? 'not found\n    at find (/work/app/src/items.js:12:5)'
            : String(status),
      },
    ]
    if (has('dot-routing') && /\/(\.|%2e){1,2}(\/|$)/i.test(raw)) return fail(400)
    const path = new URL(raw, 'http://x').pathname
    const [, resource, id, action] = path.split('/').slice(1)
    if (resource === 'items' && id === undefined && method === 'POST') {
      if (contentType !== 'application/json') return fail(400)
      if (validator.requestBodyProblem('post', '/v1/items', 'application/json', body) !== undefined)
        return fail(400)
      const { name, schema } = body as { name: string; schema?: { properties?: object } }
      if (has('reserved-500') && schema?.properties && Object.hasOwn(schema.properties, 'constructor'))
        return fail(500)
      const taken = [...items.values()].some((i) => i.name === name)
      await gap()
      if (taken || (!has('race') && [...items.values()].some((i) => i.name === name))) return fail(409)
      const created = `item${next++}`
      items.set(created, { name, live: true })
      return [200, { id: created }]
    }
    if (resource === 'items' && id !== undefined) {
      const item = items.get(decodeURIComponent(id))
      if (!item || (action === 'reroll' && !item.live)) return fail(404)
      if (action === 'reroll' && method === 'POST') {
        await gap()
        if (!has('race') && !item.live) return fail(404)
        item.live = false
        const created = `item${next++}`
        items.set(created, { name: `${item.name}'`, live: true })
        return [200, { id: created }]
      }
      if (action !== undefined) return fail(404)
      if (method === 'GET') return [200, { id, live: item.live }]
      if (method === 'DELETE') {
        await gap()
        if (!has('race') && !items.has(decodeURIComponent(id))) return fail(404)
        items.delete(decodeURIComponent(id))
        return [200, { id }]
      }
    }
    if (resource === 'sessions' && id === undefined && method === 'POST') {
      const full = sessions.size >= SESSION_LIMIT
      await gap()
      if (full || (!has('race') && sessions.size >= SESSION_LIMIT)) return fail(429)
      const created = `s${next++}`
      sessions.add(created)
      return [200, { id: created }]
    }
    if (resource === 'sessions' && id === undefined && method === 'GET')
      return [200, { sessions: [...sessions].map((s) => ({ id: s })) }]
    if (resource === 'sessions' && id !== undefined && method === 'DELETE')
      return sessions.delete(decodeURIComponent(id)) ? [200, { id }] : fail(404)
    return fail(404)
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const send = ([status, body]: [number, unknown?]) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
        res.end(body === undefined ? undefined : JSON.stringify(body))
      }
      const raw = req.url ?? '/'
      if (raw.split('?')[0] === '/v1/liveness')
        return send(req.method === 'POST' ? [200] : [405, { error: '405' }])
      if (req.headers.authorization?.replace(/^bearer +/i, 'Bearer ') !== `Bearer ${FAKE_KEY}`)
        return send([401, { error: '401' }])
      let body: unknown
      if (chunks.reduce((n, c) => n + c.length, 0) > 1_000_000) return send([413, { error: '413' }])
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
        body = text.length > 0 ? JSON.parse(text) : undefined
        if (/\\u0000|\\ud[89a-f]/i.test(text)) return send([400, { error: '400' }])
        decodeURIComponent(raw)
      } catch {
        return send([400, { error: '400' }])
      }
      send(await handle(req.method ?? 'GET', raw, req.headers['content-type'], body))
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections()
          return new Promise((r) => server.close(() => r()))
        },
      }),
    ),
  )
}
