import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { describe, expect, it } from 'vitest'
import { generateControlClient } from '../src/client/control.js'
import { generateWebDataClient } from '../src/client/web-data.js'

const problem = {
  description: 'problem',
  content: { 'application/problem+json': { schema: { type: 'object' } } },
}

describe('control client', () => {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'control', version: '2' },
    servers: [{ url: 'https://control.example' }],
    paths: {
      '/v2/keys.createKey': {
        post: {
          operationId: 'keys.createKey',
          responses: {
            '200': { description: 'ok' },
            '409': { $ref: '#/components/responses/Conflict' },
            '503': problem,
          },
        },
      },
    },
    components: { responses: { Conflict: { ...problem, 'x-retryable': 'sometimes' } } },
  }

  it('writes the version, base URL, retry flags and operationIds', async () => {
    const { files, operations } = await generateControlClient(doc, { version: '9.9.9' })
    expect(operations).toBe(1)
    expect(Object.keys(files)).toEqual(['schema.ts', 'meta.ts'])
    expect(files['meta.ts']).toContain('export const VERSION = "9.9.9"')
    expect(files['meta.ts']).toContain('export const BASE_URL = "https://control.example"')
    expect(files['meta.ts']).toContain(
      'RETRYABLE: Record<number, 0 | 1 | 2> = {"409":2,"429":1,"500":1,"502":1,"503":1,"504":1}',
    )
    expect(files['meta.ts']).toContain('export type OperationIds = "keys.createKey"')
  })

  it('lists the reads: the operations that do not declare the Idempotency-Key header', async () => {
    const keyed = {
      ...doc,
      paths: {
        '/v2/keys.createKey': {
          post: {
            operationId: 'keys.createKey',
            parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
            responses: {},
          },
        },
        '/v2/keys.getKey': { post: { operationId: 'keys.getKey', responses: {} } },
      },
      components: {
        ...doc.components,
        parameters: { IdempotencyKey: { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } } },
      },
    }
    const { files } = await generateControlClient(keyed, { version: '1.0.0' })
    expect(files['meta.ts']).toContain(
      'export const READ_OPERATIONS: ReadonlySet<string> = new Set(["keys.getKey"])',
    )
  })

  it('lists the operations served by a GET without body (liveness)', async () => {
    const withGet = {
      ...doc,
      paths: { ...doc.paths, '/v2/liveness': { get: { operationId: 'liveness', responses: {} } } },
    }
    const { files } = await generateControlClient(withGet, { version: '1.0.0' })
    expect(files['meta.ts']).toContain(
      'export const GET_OPERATIONS: ReadonlySet<string> = new Set(["liveness"])',
    )
  })

  it('refuses an operation outside POST /v2/{operationId}', async () => {
    const bad = { ...doc, paths: { '/v2/other': { get: { operationId: 'keys.getKey', responses: {} } } } }
    await expect(generateControlClient(bad, { version: '1.0.0' })).rejects.toThrow(
      /POST \/v2\/\{operationId\}/,
    )
  })
})

describe('web-data client', () => {
  const list = {
    type: 'object',
    properties: { next: { type: 'string' }, data: { type: 'array', items: { type: 'string' } } },
  }
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'web-data', version: '2' },
    paths: {
      '/v2/crawl': {
        post: {
          operationId: 'crawlUrls',
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: { '200': { description: 'ok' }, '429': { ...problem, 'x-retryable': 'yes' } },
        },
      },
      '/v2/crawl/{id}/errors': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getCrawlErrors',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/List' } } },
            },
            '429': { ...problem, 'x-retryable': 'no' },
          },
        },
      },
    },
    components: { schemas: { List: list } },
  }

  it('writes one row per operation, with input kind, paging key and differing retry flags', async () => {
    const { files, operations } = await generateWebDataClient(doc, { version: '2.0.0' })
    expect(operations).toBe(2)
    // A tie between flags of a status goes to "no"; the other operation keeps its own.
    expect(files['ops.ts']).toContain(
      'RETRYABLE: Record<string, number> = {"408":1,"429":0,"500":1,"502":1,"503":1,"504":1}',
    )
    expect(files['ops.ts']).toContain('export const BASE_URL = "http://127.0.0.1:7200"')
    expect(files['ops.ts']).toContain(
      'export const OPS: Row[] = [["crawl","start","POST","/v2/crawl",1,0,{"429":1}],["crawl","errors","GET","/v2/crawl/{id}/errors",3,"data"]]',
    )
    expect(files['facade.ts']).toContain(
      "errors: Op<'getCrawlErrors', [id: PathParam<'getCrawlErrors', 'id'>]>",
    )
    expect(files['facade.ts']).toContain("crawlUrls: 'crawl.start'")
  })
})
