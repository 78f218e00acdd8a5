import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { describe, expect, it } from 'vitest'
import { listOperations } from '../src/emit-route.js'
import { emitIdempotency, idempotentOperationIds } from '../src/idempotency.js'

const op = (operationId: string, parameters?: unknown[]) => ({
  post: { operationId, ...(parameters ? { parameters } : {}), responses: {} },
})

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'writes', version: '1' },
  paths: {
    '/v2/keys.createKey': op('keys.createKey', [{ $ref: '#/components/parameters/IdempotencyKey' }]),
    '/v2/keys.getKey': op('keys.getKey'),
    // Header names are case-insensitive.
    '/v2/apps.updateApp': op('apps.updateApp', [{ name: 'idempotency-key', in: 'header', schema: {} }]),
    // Not a header: not the idempotency key.
    '/v2/apps.listApps': op('apps.listApps', [{ name: 'Idempotency-Key', in: 'query', schema: {} }]),
    // Declared on the path item.
    '/v2/apps.deleteApp': {
      parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      ...op('apps.deleteApp'),
    },
  },
  components: {
    parameters: { IdempotencyKey: { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } } },
  },
}

describe('idempotent writes', () => {
  it('are the operations that declare the Idempotency-Key header, in spec order', () => {
    expect(idempotentOperationIds(listOperations(doc))).toEqual([
      'keys.createKey',
      'apps.updateApp',
      'apps.deleteApp',
    ])
  })

  it('are written as a set typed by OperationId', () => {
    const source = emitIdempotency('// header\n', listOperations(doc))
    expect(source).toContain("import type { OperationId } from './routes.js'")
    expect(source).toContain(
      'export const idempotentWrites: ReadonlySet<OperationId> = new Set<OperationId>([\n' +
        '  "keys.createKey",\n  "apps.updateApp",\n  "apps.deleteApp",\n])',
    )
  })

  it('are an empty set for a spec without the header', () => {
    expect(emitIdempotency('// header\n', listOperations({ ...doc, paths: { '/a': op('a') } }))).toContain(
      'new Set<OperationId>([\n])',
    )
  })
})
