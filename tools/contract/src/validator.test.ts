import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from './spec.js'
import { validatingFetch } from './validating-fetch.js'
import { ContractViolation, ResponseValidator } from './validator.js'

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/v2/things.getThing': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { status: { type: 'array', items: { $ref: '#/components/schemas/Status' } } },
              },
            },
          },
        },
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['meta', 'data'],
                  additionalProperties: false,
                  properties: {
                    meta: { $ref: '#/components/schemas/Meta' },
                    data: { type: 'object' },
                  },
                },
              },
            },
          },
          '429': { $ref: '#/components/responses/TooManyRequests' },
        },
      },
    },
    '/v2/agent/{jobId}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'] },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Status: { type: 'string', enum: ['ready', 'failed'] },
      Meta: {
        type: 'object',
        required: ['requestId'],
        properties: { requestId: { type: 'string' } },
      },
    },
    responses: {
      TooManyRequests: {
        description: 'slow down',
        content: {
          'application/problem+json': {
            schema: {
              type: 'object',
              required: ['meta', 'error'],
              properties: { meta: { $ref: '#/components/schemas/Meta' } },
            },
          },
        },
      },
    },
  },
}

describe('ResponseValidator', () => {
  const validator = new ResponseValidator(doc)
  const ok = { meta: { requestId: 'req_1' }, data: {} }

  it('accepts a documented response', () => {
    expect(
      validator.check({
        method: 'POST',
        path: '/v2/things.getThing',
        status: 200,
        contentType: 'application/json',
        body: ok,
      }),
    ).toBeUndefined()
  })

  it('names the field that is off', () => {
    const problem = validator.check({
      method: 'POST',
      path: '/v2/things.getThing',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: { meta: {}, data: {}, extra: 1 },
    })
    expect(problem).toMatch(/POST \/v2\/things.getThing → 200: body does not match/)
    expect(problem).toMatch(/requestId/)
    expect(problem).toMatch(/additional properties/)
  })

  it('rejects an undocumented status and a wrong content type', () => {
    expect(
      validator.check({
        method: 'POST',
        path: '/v2/things.getThing',
        status: 418,
        contentType: 'application/json',
        body: {},
      }),
    ).toMatch(/status 418 is not documented/)
    expect(
      validator.check({
        method: 'POST',
        path: '/v2/things.getThing',
        status: 429,
        contentType: 'application/json',
        body: {},
      }),
    ).toMatch(/content type application\/json is not documented/)
  })

  it('follows shared responses and matches path templates', () => {
    expect(
      validator.check({
        method: 'POST',
        path: '/v2/things.getThing',
        status: 429,
        contentType: 'application/problem+json',
        body: { meta: { requestId: 'r' }, error: {} },
      }),
    ).toBeUndefined()
    expect(
      validator.check({
        method: 'GET',
        path: '/v2/agent/123',
        status: 200,
        contentType: 'application/json',
        body: {},
      }),
    ).toMatch(/must have required property 'id'/)
  })
})

describe('ResponseValidator.requestBodyProblem', () => {
  const validator = new ResponseValidator(doc)
  const problemOf = (body: unknown) =>
    validator.requestBodyProblem('POST', '/v2/things.getThing', 'application/json', body)

  it('accepts a valid body and has no opinion on an undocumented one', () => {
    expect(problemOf({ status: ['ready', 'failed'] })).toBeUndefined()
    expect(validator.requestBodyProblem('GET', '/v2/agent/{jobId}', 'application/json', {})).toBeNull()
  })

  // Every error of a 60,000-item array took Ajv 15 s (each referenced item's errors are appended to
  // a copy of the list so far); the fuzzer sends such bodies, and needs only to know they are invalid.
  it('names the first error of a body, not every one', () => {
    const problem = problemOf({ status: Array.from({ length: 60_000 }, (_, i) => i) })
    expect(problem).toBe('/status/0 must be string')
  })
})

describe('validatingFetch', () => {
  const validator = new ResponseValidator(doc)
  it('rejects the call when the response is off the spec', async () => {
    const fake = (async () =>
      new Response(JSON.stringify({ nope: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch
    const checked = validatingFetch(validator, fake)
    await expect(checked('http://x/v2/things.getThing', { method: 'POST' })).rejects.toBeInstanceOf(
      ContractViolation,
    )
  })
  it('passes a documented response through untouched', async () => {
    const fake = (async () =>
      new Response(JSON.stringify({ meta: { requestId: 'r' }, data: {} }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch
    const response = await validatingFetch(validator, fake)('http://x/v2/things.getThing', { method: 'POST' })
    expect(await response.json()).toEqual({
      meta: { requestId: 'r' },
      data: {},
    })
  })
})
