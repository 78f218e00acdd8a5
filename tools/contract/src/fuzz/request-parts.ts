import fc from 'fast-check'
import type { OpenApiDocument } from '../spec.js'
import type { FuzzOperation, Parameter } from './operations.js'
import {
  type FuzzRequest,
  type MultipartPart,
  type RequestBody,
  type RequestKind,
  stringifyDeep,
} from './request.js'
import { schemaArbitrary, type ValuePool } from './schema-arbitrary.js'

export interface Parts {
  pathParams: Record<string, string>
  query: Record<string, string>
  body: unknown
}

export function partsArbitrary(
  doc: OpenApiDocument,
  op: FuzzOperation,
  pool: ValuePool,
): fc.Arbitrary<Parts> {
  const pathParams: Record<string, fc.Arbitrary<string>> = {}
  const query: Record<string, fc.Arbitrary<string>> = {}
  for (const p of op.parameters) {
    const value = paramArbitrary(doc, p, pool)
    // A path parameter never holds a slash: the services refuse an encoded one (`%2F`) with 404
    // before routing, so that a proxy in front of them sees the segments they route on.
    if (p.in === 'path') pathParams[p.name] = value.filter((v) => !v.includes('/'))
    if (p.in === 'query') query[p.name] = value
  }
  const requiredQuery = op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name)
  // Unbiased values half the time: fast-check favours small values, and names drawn small
  // collide (409) before they reach the code under test.
  const generated = op.body ? schemaArbitrary(doc, op.body.schema, pool) : fc.constant(undefined)
  const body = op.body
    ? fc.oneof(
        {
          arbitrary: op.body.examples.length > 0 ? fc.constantFrom(...op.body.examples) : generated,
          weight: 1,
        },
        { arbitrary: generated, weight: 1 },
        { arbitrary: fc.noBias(generated), weight: 2 },
      )
    : fc.constant(undefined)
  return fc.record({
    pathParams: fc.record(pathParams),
    query: fc.record(query, { requiredKeys: requiredQuery }),
    body,
  }) as fc.Arbitrary<Parts>
}

function paramArbitrary(doc: OpenApiDocument, p: Parameter, pool: ValuePool): fc.Arbitrary<string> {
  const harvested = fc.nat().map((i) => pool.pick(p.name, i))
  const generated = schemaArbitrary(doc, p.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
  const withExample =
    p.example !== undefined ? fc.oneof(generated, fc.constant(String(p.example))) : generated
  return fc.oneof(withExample, harvested).chain((v) => (typeof v === 'string' ? fc.constant(v) : withExample))
}

export function base(op: FuzzOperation, parts: Parts, kind: RequestKind, invalid: boolean): FuzzRequest {
  return {
    operation: op.id,
    kind,
    method: op.method,
    template: op.template,
    pathParams: parts.pathParams,
    query: queryString(parts.query),
    authorization: 'valid',
    contentType: op.body ? op.body.mediaType : null,
    body: op.body ? bodyOf(op, parts.body) : undefined,
    invalid,
  }
}

function queryString(query: Record<string, string>): string {
  const entries = Object.entries(query)
  return entries.length === 0
    ? ''
    : `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
}

function bodyOf(op: FuzzOperation, value: unknown): RequestBody {
  if (op.body?.mediaType.startsWith('multipart/')) return multipartOf(value)
  return { type: 'json', value }
}

function multipartOf(value: unknown): RequestBody {
  const parts: MultipartPart[] = []
  for (const [name, v] of Object.entries((value as Record<string, unknown>) ?? {})) {
    if (name === 'file')
      parts.push({
        name,
        filename: typeof v === 'string' && v.length < 200 ? `${v.replace(/[\r\n"]/g, '')}.html` : 'page.html',
        contentType: 'text/html',
        content: '<html><body><h1>Title</h1><p>text</p></body></html>',
      })
    else parts.push({ name, contentType: 'application/json', content: stringifyDeep(v) })
  }
  return { type: 'multipart', boundary: 'fuzzboundary7MA4YWxk', parts }
}

/** RFC 7235: the scheme is case-insensitive and may be followed by more than one space. */
const VALID_AUTHORIZATION = [
  'valid',
  'valid',
  'valid',
  'valid',
  'valid',
  'valid',
  'bearer {key}',
  'BEARER {key}',
  'Bearer  {key}',
] as const

export function validRequest(
  doc: OpenApiDocument,
  op: FuzzOperation,
  pool: ValuePool,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(partsArbitrary(doc, op, pool), fc.constantFrom(...VALID_AUTHORIZATION))
    .map(([parts, authorization]) => ({ ...base(op, parts, 'valid', false), authorization }))
}
