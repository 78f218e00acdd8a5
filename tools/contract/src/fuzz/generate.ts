import { deref } from '@apiplatform/openapi-toolkit'
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
import { objectShape, type Schema, schemaArbitrary, typesOf, type ValuePool } from './schema-arbitrary.js'

/** Strings that break a parser, a database driver or a runtime when they are not checked. */
const HOSTILE_STRINGS = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', '\udc00\ud800', 'a\ud800\u0000']

/** URL values whose scheme, host or shape a URL field must refuse. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'ftp://example.com/',
  'http://',
  'http://[::1',
  '//example.com',
  'http://exa mple.com/',
  'http://example.com/\u0000',
]

const BAD_AUTHORIZATION = [
  null,
  '',
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'Bearer a b',
  'Bearer\t{key}',
  '{key}',
  'Bearer {key}x',
  'Bearer {key} extra',
  'Bearer "{key}"',
  'Token abc',
  'Bearer unknown_key_0000000000000000',
  `Bearer ${'k'.repeat(8000)}`,
  'Bearer \u00e9\u00e8',
  'Bearer ,',
]

const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[]',
  'null',
  '1',
  '"text"',
  'true',
  '{"a":NaN}',
  '{"a":1e999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '{}{}',
]

const WRONG_CONTENT_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/yaml',
  'application/jsonx',
  'application/xml',
  '*/*',
]

const PATH_GARBAGE = [
  '%00',
  'a%00b',
  '%ff',
  '%zz',
  '%',
  '..%2F..%2Fetc',
  '%C3%A9',
  '%E9',
  '%20',
  '-1',
  '9'.repeat(40),
  'x'.repeat(6000),
  'null',
  '%ud800',
  '%ED%A0%80',
  '%C0%AF',
]

const QUERY_VALUE_GARBAGE = [
  '99999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'abc',
  '%00',
  '%ff',
  '%zz',
  '',
  'true',
  '[]',
  '1.5',
  'x'.repeat(6000),
  '%ED%A0%80',
]

export interface Generator {
  /** The requests of one operation and phase, `count` of them, reproducible from `seed`. */
  requests(operation: FuzzOperation, phase: 'valid' | 'invalid', count: number, seed: number): FuzzRequest[]
}

export function createGenerator(doc: OpenApiDocument, pool: ValuePool): Generator {
  const cache = new Map<string, fc.Arbitrary<FuzzRequest>>()
  const otherMethods = (op: FuzzOperation) => {
    const defined = Object.keys(doc.paths[op.template] as object).map((m) => m.toUpperCase())
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !defined.includes(m))
  }
  return {
    requests(operation, phase, count, seed) {
      const key = `${operation.id} ${phase}`
      let arb = cache.get(key)
      if (!arb) {
        arb =
          phase === 'valid'
            ? validRequest(doc, operation, pool)
            : invalidRequest(doc, operation, pool, otherMethods(operation))
        cache.set(key, arb)
      }
      return count > 0 ? fc.sample(arb, { seed, numRuns: count }) : []
    },
  }
}

interface Parts {
  pathParams: Record<string, string>
  query: Record<string, string>
  body: unknown
}

function partsArbitrary(doc: OpenApiDocument, op: FuzzOperation, pool: ValuePool): fc.Arbitrary<Parts> {
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

function base(op: FuzzOperation, parts: Parts, kind: RequestKind, invalid: boolean): FuzzRequest {
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

function validRequest(doc: OpenApiDocument, op: FuzzOperation, pool: ValuePool): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(partsArbitrary(doc, op, pool), fc.constantFrom(...VALID_AUTHORIZATION))
    .map(([parts, authorization]) => ({ ...base(op, parts, 'valid', false), authorization }))
}

/** A location inside a JSON body, with the schema that describes it. */
export interface Slot {
  path: Array<string | number>
  schema: Schema
  /** Required properties of the object at `path` (objects only). */
  required: string[]
  closed: boolean
}

export function slotsOf(
  doc: OpenApiDocument,
  value: unknown,
  schema: Schema,
  path: Array<string | number> = [],
  out: Slot[] = [],
): Slot[] {
  if (out.length > 200) return out
  const types = typesOf(schema)
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = objectShape(doc, schema)
    out.push({ path, schema, required: shape.required.filter((r) => r in value), closed: shape.closed })
    for (const [k, v] of Object.entries(value)) slotsOf(doc, v, shape.properties[k] ?? {}, [...path, k], out)
  } else if (Array.isArray(value)) {
    out.push({ path, schema, required: [], closed: false })
    const items = (schema.items as Schema | undefined) ?? {}
    value.forEach((v, i) => {
      slotsOf(
        doc,
        v,
        doc && items.$ref ? deref<Schema>(doc, items, { strict: false }) : items,
        [...path, i],
        out,
      )
    })
  } else {
    out.push({
      path,
      schema: types.length > 0 || Object.keys(schema).length > 0 ? schema : {},
      required: [],
      closed: false,
    })
  }
  return out
}

export function isFreeForm(doc: OpenApiDocument, schema: Schema): boolean {
  const types = typesOf(schema)
  if (types.length === 0 && !schema.$ref && !schema.oneOf && !schema.anyOf && !schema.allOf && !schema.enum)
    return true
  if (!types.includes('object')) return false
  return (
    Object.keys(objectShape(doc, schema).properties).length === 0 && schema.additionalProperties !== false
  )
}

function setAt(value: unknown, path: Array<string | number>, next: unknown): unknown {
  if (path.length === 0) return next
  const [head, ...rest] = path as [string | number, ...Array<string | number>]
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head] = setAt(copy[head], rest, next)
  return copy
}

function deleteAt(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 1) {
    const copy = { ...(value as Record<string, unknown>) }
    delete copy[path[0] as string]
    return copy
  }
  const [head, ...rest] = path as [string | number, ...Array<string | number>]
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head] = deleteAt(copy[head], rest)
  return copy
}

function getAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value)
}

export function deepValue(depth: number, leaf: unknown = 1, asArray = false): unknown {
  let value: unknown = leaf
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value }
  return value
}

function wrongTypeOf(value: unknown): unknown[] {
  const all: unknown[] = ['1', 1, 1.5, true, null, [], {}, [1], { a: 1 }]
  return all.filter(
    (v) =>
      typeof v !== typeof value ||
      Array.isArray(v) !== Array.isArray(value) ||
      (v === null) !== (value === null),
  )
}

function outOfRange(schema: Schema, value: unknown): unknown[] {
  const out: unknown[] = []
  if (typeof schema.maximum === 'number') out.push((schema.maximum as number) + 1, 1e300, 2 ** 63)
  if (typeof schema.minimum === 'number') out.push((schema.minimum as number) - 1, -1e300, -(2 ** 63))
  if (typesOf(schema).includes('integer')) out.push(1.5, 2 ** 53 + 2)
  if (typeof schema.maxLength === 'number') out.push('a'.repeat((schema.maxLength as number) + 1))
  if (typeof schema.minLength === 'number' && (schema.minLength as number) > 0)
    out.push('a'.repeat((schema.minLength as number) - 1))
  if (typeof schema.maxItems === 'number' && Array.isArray(value))
    out.push(Array.from({ length: (schema.maxItems as number) + 1 }, () => value[0] ?? 'a'))
  if (typeof schema.minItems === 'number' && (schema.minItems as number) > 0) out.push([])
  if (Array.isArray(schema.enum)) out.push('not-an-enum-value', '')
  if (typeof schema.pattern === 'string') out.push('!!! no match \u00e9 ###', '')
  if (schema.format === 'uri' || schema.format === 'url') out.push(...HOSTILE_URLS)
  if (schema.format === 'uuid') out.push('not-a-uuid', '00000000-0000-0000-0000-00000000000g')
  if (schema.format === 'date-time') out.push('2024-13-45T99:99:99Z', 'yesterday')
  if (out.length === 0) out.push(-1, 0, 2 ** 63, 'x'.repeat(5000))
  return out
}

type Mutation = (body: unknown, slot: Slot, pick: number) => { body: unknown; kind: RequestKind } | undefined

const BODY_MUTATIONS: Array<[RequestKind, Mutation]> = [
  [
    'missing-required',
    (body, slot, pick) =>
      slot.required.length > 0
        ? {
            body: deleteAt(body, [...slot.path, slot.required[pick % slot.required.length] as string]),
            kind: 'missing-required',
          }
        : undefined,
  ],
  [
    'wrong-type',
    (body, slot, pick) => {
      const options = wrongTypeOf(getAt(body, slot.path))
      return { body: setAt(body, slot.path, options[pick % options.length]), kind: 'wrong-type' }
    },
  ],
  [
    'out-of-range',
    (body, slot, pick) => {
      const options = outOfRange(slot.schema, getAt(body, slot.path))
      return { body: setAt(body, slot.path, options[pick % options.length]), kind: 'out-of-range' }
    },
  ],
  [
    'unknown-property',
    (body, slot, pick) => {
      const target = getAt(body, slot.path)
      if (!target || typeof target !== 'object' || Array.isArray(target)) return undefined
      const names = ['__fuzz', 'constructor', '__proto__', 'toString', 'unknownField']
      const name = names[pick % names.length] as string
      const copy = { ...(target as object) }
      Object.defineProperty(copy, name, { value: 1, enumerable: true, writable: true, configurable: true })
      return { body: setAt(body, slot.path, copy), kind: 'unknown-property' }
    },
  ],
  [
    'huge-value',
    (body, slot, pick) => {
      const sizes = [70_000, 300_000, 1_100_000]
      const size = sizes[pick % sizes.length] as number
      const options = [
        'a'.repeat(size),
        Array.from({ length: Math.floor(size / 20) }, (_, i) => i),
        Object.fromEntries(Array.from({ length: Math.floor(size / 200) }, (_, i) => [`k${i}`, i])),
      ]
      return { body: setAt(body, slot.path, options[pick % options.length]), kind: 'huge-value' }
    },
  ],
  [
    'deep-nesting',
    (body, slot, pick) => {
      const depths = [64, 300, 2_000, 6_000]
      return {
        body: setAt(body, slot.path, deepValue(depths[pick % depths.length] as number, 1, pick % 2 === 1)),
        kind: 'deep-nesting',
      }
    },
  ],
  [
    'nul-surrogate',
    (body, slot, pick) => {
      const value = getAt(body, slot.path)
      const hostile = HOSTILE_STRINGS[pick % HOSTILE_STRINGS.length] as string
      if (value && typeof value === 'object' && !Array.isArray(value) && pick % 3 === 0)
        return {
          body: setAt(body, slot.path, { ...(value as object), [hostile]: 'v' }),
          kind: 'nul-surrogate',
        }
      const text = typeof value === 'string' ? `${value.slice(0, 3)}${hostile}${value.slice(3)}` : hostile
      return { body: setAt(body, slot.path, text), kind: 'nul-surrogate' }
    },
  ],
  [
    'invalid-utf8',
    (body, slot, pick) => {
      const value = getAt(body, slot.path)
      const marker = pick % 2 === 0 ? '\uE000' : '\uE001'
      const text = typeof value === 'string' ? `${value}${marker}` : `a${marker}b`
      return { body: setAt(body, slot.path, text), kind: 'invalid-utf8' }
    },
  ],
]

function invalidRequest(
  doc: OpenApiDocument,
  op: FuzzOperation,
  pool: ValuePool,
  otherMethods: string[],
): fc.Arbitrary<FuzzRequest> {
  const parts = partsArbitrary(doc, op, pool)
  const pick = fc.nat({ max: 1_000_000 })
  const kinds: Array<{ arbitrary: fc.Arbitrary<FuzzRequest>; weight: number }> = []
  const json = op.body && !op.body.mediaType.startsWith('multipart/')
  if (op.body) {
    kinds.push({
      weight: 8,
      arbitrary: fc
        .tuple(parts, pick, pick, fc.integer({ min: 0, max: BODY_MUTATIONS.length - 1 }))
        .map(([p, slotPick, valuePick, m]) => {
          const body = json ? p.body : (p.body ?? {})
          const slots = slotsOf(doc, body, op.body?.schema ?? {})
          const [drawn, mutate] = BODY_MUTATIONS[m] as [RequestKind, Mutation]
          // Deep and huge values go to a free-form field (where the schema cannot refuse them) half the time.
          const freeForm = slots.filter((s) => isFreeForm(doc, s.schema))
          if (
            (drawn === 'deep-nesting' || drawn === 'huge-value') &&
            freeForm.length > 0 &&
            valuePick % 2 === 0
          ) {
            const result = mutate(body, freeForm[slotPick % freeForm.length] as Slot, valuePick >> 1)
            if (result) return base(op, { ...p, body: result.body }, result.kind, true)
          }
          // The first mutation that applies, starting from the drawn one.
          for (let i = 0; i < BODY_MUTATIONS.length; i++) {
            const [, tryMutate] = BODY_MUTATIONS[(m + i) % BODY_MUTATIONS.length] as [RequestKind, Mutation]
            const slot = slots[(slotPick + i) % slots.length] as Slot
            const result = (i === 0 ? mutate : tryMutate)(body, slot, valuePick)
            if (result) return { ...base(op, { ...p, body: result.body }, result.kind, true) }
          }
          return base(op, p, 'wrong-type', true)
        }),
    })
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(parts, fc.constantFrom(...MALFORMED_JSON)).map(([p, text]) => ({
        ...base(op, p, 'malformed-json', true),
        contentType: 'application/json',
        body: { type: 'text', text },
      })),
    })
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(parts, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([p, contentType]) => ({
        ...base(op, p, 'wrong-content-type', true),
        contentType,
      })),
    })
  }
  if (otherMethods.length > 0)
    kinds.push({
      weight: 1,
      arbitrary: fc
        .tuple(parts, fc.constantFrom(...otherMethods))
        .map(([p, method]) => ({ ...base(op, p, 'wrong-method', true), method })),
    })
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  kinds.push({
    weight: pathParams.length > 0 ? 3 : 1,
    arbitrary: fc.tuple(parts, fc.constantFrom(...PATH_GARBAGE), pick).map(([p, garbage, n]) => {
      const request = base(op, p, 'path-garbage', true)
      if (pathParams.length === 0) {
        // Garbage after or inside an operation without parameters: an unknown route.
        const suffixes = [`/${garbage}`, garbage, `/../${garbage}`, '//', '/.']
        return { ...request, template: `${op.template}${suffixes[n % suffixes.length]}` }
      }
      const name = (pathParams[n % pathParams.length] as Parameter).name
      return { ...request, pathParams: { ...p.pathParams, [name]: garbage }, rawParams: [name] }
    }),
  })
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  kinds.push({
    weight: queryParams.length > 0 ? 3 : 1,
    arbitrary: fc.tuple(parts, fc.constantFrom(...QUERY_VALUE_GARBAGE), pick).map(([p, garbage, n]) => {
      const request = base(op, p, 'query-garbage', queryParams.length > 0)
      const name =
        queryParams.length > 0 ? (queryParams[n % queryParams.length] as Parameter).name : 'unknownParam'
      const repeat = n % 4 === 0 ? `&${name}=${garbage}` : ''
      const rest = Object.entries(p.query)
        .filter(([k]) => k !== name)
        .map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('')
      // Only a value the parameter's schema refuses makes the request invalid.
      return { ...request, query: `?${name}=${garbage}${repeat}${rest}`, invalid: false }
    }),
  })
  if (op.security.length > 0)
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(parts, fc.constantFrom(...BAD_AUTHORIZATION)).map(([p, authorization]) => ({
        ...base(op, p, 'bad-auth', true),
        authorization,
      })),
    })
  return fc.oneof(...kinds)
}
