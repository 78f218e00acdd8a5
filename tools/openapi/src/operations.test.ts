import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from './document.js'
import { walkOperations } from './operations.js'

const ping = { head: { responses: { '204': { description: 'pong' } } } }

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/items/{id}': {
      parameters: [
        { $ref: '#/components/parameters/Id' },
        { name: 'trace', in: 'header', schema: { type: 'string' } },
      ],
      summary: 'not an operation',
      post: {
        operationId: 'updateItem',
        requestBody: { $ref: '#/components/requestBodies/Item' },
        responses: { '200': { description: 'ok' }, '404': { $ref: '#/components/responses/NotFound' } },
      },
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/ping': { $ref: '#/components/pathItems/Ping' },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
    requestBodies: { Item: { required: true, content: { 'application/json': { schema: {} } } } },
    responses: { NotFound: { description: 'Not found', 'x-retryable': 'no' } },
    pathItems: { Ping: ping },
  },
}

describe('walkOperations', () => {
  const ops = walkOperations(doc)

  it('lists paths in document order and methods in HTTP_METHODS order', () => {
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual([
      'get /items/{id}',
      'post /items/{id}',
      'head /ping',
    ])
    expect(ops.map((o) => o.operationId)).toEqual(['getItem', 'updateItem', undefined])
  })

  it('reads the methods in the order asked for', () => {
    const only = walkOperations(doc, { methods: ['post', 'get'] })
    expect(only.map((o) => o.operationId)).toEqual(['updateItem', 'getItem'])
  })

  it("reads a path's methods in the path item's order when asked", () => {
    const listed = walkOperations(doc, { order: 'document' })
    expect(listed.map((o) => `${o.method} ${o.path}`)).toEqual([
      'post /items/{id}',
      'get /items/{id}',
      'head /ping',
    ])
    const filtered = walkOperations(doc, { order: 'document', methods: ['get', 'head'] })
    expect(filtered.map((o) => `${o.method} ${o.path}`)).toEqual(['get /items/{id}', 'head /ping'])
  })

  it("merges the path item's parameters, the operation's replacing the same name and location in place", () => {
    const [get, post] = ops
    expect(get?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'trace', in: 'header', schema: { type: 'string' } },
    ])
    expect(post?.parameters.map((p) => p.schema)).toEqual([{ type: 'string' }, { type: 'string' }])
  })

  it('resolves the request body and the responses', () => {
    const post = ops[1]
    expect(post?.requestBody?.required).toBe(true)
    expect(post?.responses['404']).toEqual({ description: 'Not found', 'x-retryable': 'no' })
    expect(post?.statuses).toEqual(['200', '404'])
    expect(ops[0]?.requestBody).toBeUndefined()
  })

  it('throws on a dangling reference unless lenient', () => {
    const broken: OpenApiDocument = {
      openapi: '3.1.0',
      paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Gone' } } } } },
    }
    expect(() => walkOperations(broken)).toThrow(/Cannot resolve/)
    expect(walkOperations(broken, { strict: false })[0]?.responses).toEqual({ '200': {} })
  })

  it('follows a referenced path item', () => {
    expect(ops[2]?.pathItem).toBe(ping)
  })
})
