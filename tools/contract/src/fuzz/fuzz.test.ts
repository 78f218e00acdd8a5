import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../spec.js'
import { ResponseValidator } from '../validator.js'
import { deepValue } from './body-mutations.js'
import { type FuzzReport, runFuzz } from './run.js'

const error = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: { error: { type: 'string' } },
}
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      String(s),
      { description: 'error', content: { 'application/json': { schema: error } } },
    ]),
  )

/** A two-operation API, enough for every kind of request the fuzzer makes. */
const spec: OpenApiDocument = {
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
                  name: { type: 'string', minLength: 1, maxLength: 10 },
                  meta: { type: 'object', additionalProperties: true, 'x-max-depth': 8 },
                },
              },
              example: { name: 'one', meta: { a: 1 } },
            },
          },
        },
        responses: {
          '200': {
            description: 'created',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
              },
            },
          },
          ...errors(400, 401, 413),
        },
      },
    },
    '/v1/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': {
            description: 'the item',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
              },
            },
          },
          ...errors(400, 401, 404),
        },
      },
    },
  },
}

const KEY = 'test_key_123'
type Defect = 'nul-500' | 'deep-hang' | 'bad-body'

/** The API done right, with one defect switched on. */
function startStub(defect?: Defect): Promise<{ url: string; close(): Promise<void> }> {
  const validator = new ResponseValidator(spec)
  const items = new Set<string>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
        res.end(body === undefined ? undefined : JSON.stringify(body))
      }
      const fail = (status: number) => send(status, { error: String(status) })
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (path === '/v1/liveness') return req.method === 'POST' ? send(200) : fail(405)
      const match = /^\/v1\/items(?:\/([^/]+))?$/.exec(path)
      if (!match) return fail(404)
      if ((match[1] === undefined ? 'POST' : 'GET') !== req.method) return fail(405)
      if (req.headers.authorization?.replace(/^bearer {1,}/i, 'Bearer ') !== `Bearer ${KEY}`) return fail(401)
      if (match[1] !== undefined) {
        let id: string
        try {
          id = decodeURIComponent(match[1])
        } catch {
          return fail(400)
        }
        if (!/^[0-9a-f-]{36}$/.test(id)) return fail(400)
        return items.has(id) ? send(200, { id }) : fail(404)
      }
      const raw = Buffer.concat(chunks)
      if (raw.length > 1_000_000) return fail(413)
      if (req.headers['content-type'] !== 'application/json') return fail(400)
      let body: { name?: string; meta?: unknown }
      try {
        body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw))
      } catch {
        return fail(400)
      }
      const text = JSON.stringify(body ?? null)
      const hostile =
        /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(
          text,
        )
      if (defect === 'nul-500' && hostile) return fail(500)
      if (defect === 'deep-hang' && (text.includes('{"a":'.repeat(20)) || text.includes('['.repeat(20))))
        return // never answers
      if (
        hostile ||
        validator.requestBodyProblem('post', '/v1/items', 'application/json', body) !== undefined
      )
        return fail(400)
      const id = crypto.randomUUID()
      items.add(id)
      return send(200, defect === 'bad-body' ? { ident: id } : { id })
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

let stub: Awaited<ReturnType<typeof startStub>> | undefined
afterEach(() => stub?.close())

const fuzz = async (defect: Defect | undefined, options: Partial<Parameters<typeof runFuzz>[0]> = {}) => {
  stub = await startStub(defect)
  return runFuzz({
    spec,
    baseUrl: stub.url,
    credential: KEY,
    seed: 7,
    requests: 400,
    // A loaded machine can hold a healthy answer back for seconds; only the hang test wants a short wait.
    timeoutMs: 30_000,
    ...options,
  })
}
const classes = (r: FuzzReport) => r.findings.map((f) => `${f.class} ${f.kind}`)

describe('runFuzz', () => {
  it('finds nothing in an API that answers as its spec says, and sends what it was asked', async () => {
    const report = await fuzz(undefined)
    expect(report.findings, JSON.stringify(report.findings, null, 1).slice(0, 2_000)).toEqual([])
    expect(report.sent).toBe(400)
    expect(Object.keys(report.byKind).length).toBeGreaterThan(10)
  })

  it('reports a 500 with the smallest request that still gets it', async () => {
    const report = await fuzz('nul-500')
    const finding = report.findings.find((f) => f.class === 'server-error')
    expect(finding?.status).toBe(500)
    expect(finding?.request?.body).toMatchObject({ type: 'json' })
    const sent = JSON.stringify((finding?.request?.body as { value?: unknown } | undefined)?.value)
    expect(sent.length).toBeLessThan(40)
    expect(sent).toMatch(/\\u0000|\\ud[89a-f]/)
  })

  it('reports a body off the spec', async () => {
    expect(classes(await fuzz('bad-body'))).toContain('invalid-body valid')
  })

  it('reports a request without an answer as a hang', async () => {
    const report = await fuzz('deep-hang', { maxHangs: 2, timeoutMs: 1_500 })
    expect(classes(report)).toContain('hang deep-nesting')
  })

  it('keeps a known failure apart while its probe still fails, and reports it fixed once it does not', async () => {
    const known = [
      {
        defect: 'NUL answers 500',
        class: 'server-error' as const,
        probe: [{ path: '/v1/items', body: { name: 'a\u0000' }, kind: 'nul-surrogate' as const }],
      },
    ]
    const failing = await fuzz('nul-500', { known, requests: 200 })
    expect(failing.findings.filter((f) => f.class === 'server-error')).toEqual([])
    expect(failing.known.map((f) => f.class)).toContain('server-error')
    expect(failing.fixed).toEqual([])
    await stub?.close()
    const fixed = await fuzz(undefined, { known, requests: 200 })
    expect(fixed.fixed.map((k) => k.defect)).toEqual(['NUL answers 500'])
  })

  it('generates the same requests from the same seed', async () => {
    const a = await fuzz(undefined, { requests: 150 })
    await stub?.close()
    const b = await fuzz(undefined, { requests: 150 })
    expect(b.byKind).toEqual(a.byKind)
  })

  it('treats a value beyond x-max-depth as invalid', () => {
    const validator = new ResponseValidator(spec)
    expect(
      validator.requestBodyProblem('post', '/v1/items', 'application/json', {
        name: 'a',
        meta: deepValue(7),
      }),
    ).toBe(undefined)
    expect(
      validator.requestBodyProblem('post', '/v1/items', 'application/json', {
        name: 'a',
        meta: deepValue(9),
      }),
    ).toMatch(/x-max-depth/)
  })
})
