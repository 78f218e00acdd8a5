import { describe, expect, it } from 'vitest'
import { compareSpecs, formatDrift } from './drift.js'

const bundle = () => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  paths: {
    '/v2/deployments.rollbackDeployment': {
      post: {
        operationId: 'deployments.rollbackDeployment',
        summary: 'Roll back',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/RollbackRequest' } } },
        },
        responses: {
          '202': {
            description: 'Accepted',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Ok' } } },
          },
          '429': { $ref: '#/components/responses/TooMany' },
        },
      },
    },
    '/v2/agent/{jobId}': {
      parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        operationId: 'getAgentStatus',
        parameters: [{ name: 'verbose', in: 'query', schema: { type: 'boolean' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: {
    responses: {
      TooMany: {
        description: 'Slow down',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Ok' } } },
      },
    },
    schemas: {
      RollbackRequest: {
        type: 'object',
        description: 'The body',
        additionalProperties: false,
        required: ['deploymentId'],
        properties: {
          deploymentId: { type: 'string', minLength: 3, pattern: '^[a-z/]+$', examples: ['d_1'] },
          note: { type: ['string', 'null'] },
          mode: { const: 'fast' },
        },
      },
      Ok: { type: 'object', properties: { data: { type: 'object', additionalProperties: false } } },
    },
  },
})

/** The same contract written the way zod-openapi emits it: refs inlined differently, other nullable form, other key order. */
const emitted = () => ({
  openapi: '3.1.0',
  info: { title: 'emitted', version: '0' },
  paths: {
    '/v2/agent/{jobId}': {
      get: {
        operationId: 'getAgentStatus',
        parameters: [
          { schema: { type: 'string', format: 'uuid' }, required: true, name: 'jobId', in: 'path' },
          { schema: { type: 'boolean' }, required: false, name: 'verbose', in: 'query' },
        ],
        responses: {
          '200': {
            description: 'other text',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
    '/v2/deployments.rollbackDeployment': {
      post: {
        operationId: 'deployments.rollbackDeployment',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                required: ['deploymentId'],
                type: 'object',
                properties: {
                  mode: { type: 'string', enum: ['fast'] },
                  note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                  deploymentId: { pattern: '^[a-z\\/]+$', minLength: 3, type: 'string' },
                },
                additionalProperties: { not: {} },
              },
            },
          },
        },
        responses: {
          '202': {
            description: 'A',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Ok' } } },
          },
          '429': {
            description: 'B',
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Ok' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Ok: { properties: { data: { additionalProperties: false, type: 'object' } }, type: 'object' },
    },
  },
})

describe('compareSpecs', () => {
  it('finds no drift between identical documents', () => {
    expect(compareSpecs(bundle(), bundle())).toEqual([])
  })

  it('normalises $refs, key order, descriptions, examples, nullable forms, const and escaped patterns', () => {
    const drifts = compareSpecs(emitted(), bundle())
    expect(drifts, formatDrift(drifts)).toEqual([])
  })

  it('names the operation and the field of a new required property', () => {
    const spec = bundle()
    spec.components.schemas.RollbackRequest.required.push('force')
    ;(spec.components.schemas.RollbackRequest.properties as Record<string, unknown>).force = {
      type: 'boolean',
    }
    const drifts = compareSpecs(emitted(), spec)
    expect(drifts).toHaveLength(1)
    expect(drifts[0]).toMatchObject({
      operationId: 'deployments.rollbackDeployment',
      where: 'request body application/json',
      path: '.force',
    })
    const text = formatDrift(drifts)
    expect(text).toContain('deployments.rollbackDeployment')
    expect(text).toContain('"force" (required) is only in the hand-written spec')
  })

  it('reports missing operations, statuses, content types, parameters and changed constraints', () => {
    const spec = bundle()
    const ops = spec.paths as Record<string, Record<string, unknown>>
    ops['/v2/scrape'] = { post: { operationId: 'scrape', responses: { '200': { description: 'x' } } } }
    const rollback = ops['/v2/deployments.rollbackDeployment']?.post as { responses: Record<string, unknown> }
    rollback.responses['404'] = { description: 'gone' }
    spec.components.responses.TooMany.content = {
      'application/json': { schema: { $ref: '#/components/schemas/Ok' } },
    } as never
    spec.components.schemas.RollbackRequest.properties.deploymentId.minLength = 4
    const get = ops['/v2/agent/{jobId}']?.get as { parameters: { required?: boolean }[] }
    ;(get.parameters[0] as { required?: boolean }).required = true
    const text = formatDrift(compareSpecs(emitted(), spec))
    expect(text).toContain('scrape (POST /v2/scrape): operation: is in the hand-written spec but not served')
    expect(text).toContain('response 404: is in the hand-written spec only')
    expect(text).toContain('response 429 application/json: content type is in the hand-written spec only')
    expect(text).toContain(
      'response 429 application/problem+json: content type is in the emitted document only',
    )
    expect(text).toContain('.deploymentId: minLength: emitted 3 ≠ spec 4')
    expect(text).toContain('parameter query.verbose: required: emitted false ≠ spec true')
  })

  it('formats an empty list', () => {
    expect(formatDrift([])).toMatch(/^No drift/)
  })
})
