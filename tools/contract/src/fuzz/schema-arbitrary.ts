import { deref as resolve } from '@apiplatform/openapi-toolkit'
import fc from 'fast-check'
import type { OpenApiDocument } from '../spec.js'

export type Schema = Record<string, unknown>

/** Values whose shape the fuzzer reuses: ids harvested from earlier answers, by property name. */
export interface ValuePool {
  pick(name: string, index: number): unknown
}

interface Context {
  doc: OpenApiDocument
  pool: ValuePool | undefined
  depth: number
}

const MAX_DEPTH = 8

/** A schema with its local `$ref` (and chains of them) followed; an absent one is `{}` (anything). */
export function deref(doc: OpenApiDocument, schema: unknown): Schema {
  return resolve<Schema | undefined>(doc, schema) ?? {}
}

export interface ObjectShape {
  properties: Record<string, Schema>
  required: string[]
  closed: boolean
}

/**
 * Shapes by document and schema object: every body mutation and reserved-name candidate walks its
 * body against the schema again, and each walk would follow the same `$ref`s anew. Schemas are
 * never changed, and callers only read a shape.
 */
const shapes = new WeakMap<OpenApiDocument, WeakMap<Schema, ObjectShape>>()

/** Every property schema of an object schema, `allOf` members merged. */
export function objectShape(doc: OpenApiDocument, schema: Schema): ObjectShape {
  if (!doc || !schema) return shapeOf(doc, schema)
  let byDoc = shapes.get(doc)
  if (!byDoc) {
    byDoc = new WeakMap()
    shapes.set(doc, byDoc)
  }
  let shape = byDoc.get(schema)
  if (!shape) {
    shape = shapeOf(doc, schema)
    byDoc.set(schema, shape)
  }
  return shape
}

function shapeOf(doc: OpenApiDocument, schema: Schema): ObjectShape {
  const s = deref(doc, schema)
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  let closed = s.additionalProperties === false || s.unevaluatedProperties === false
  for (const member of [s, ...((s.allOf as unknown[]) ?? []).map((m) => deref(doc, m))]) {
    for (const [name, value] of Object.entries((member.properties as Record<string, Schema>) ?? {}))
      properties[name] = deref(doc, value)
    required.push(...((member.required as string[]) ?? []))
    if (member !== s && member.additionalProperties === false) closed = true
  }
  return { properties, required: [...new Set(required)], closed }
}

export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[]
  if (typeof schema.type === 'string') return [schema.type]
  if (schema.properties || schema.additionalProperties !== undefined) return ['object']
  if (schema.items) return ['array']
  return []
}

/**
 * A fast-check arbitrary of values valid against `schema` (JSON Schema 2020-12 as OpenAPI 3.1
 * uses it). It covers the keywords the bundled specs use; where a value cannot be derived (a
 * pattern fast-check cannot invert) it falls back to the schema's examples. Generated values are
 * checked with Ajv by the caller, so an imprecise corner only lowers the share of valid requests.
 */
export function schemaArbitrary(
  doc: OpenApiDocument,
  schema: unknown,
  pool?: ValuePool,
): fc.Arbitrary<unknown> {
  return build(deref(doc, schema), { doc, pool, depth: 0 }, undefined)
}

function build(schema: Schema, ctx: Context, name: string | undefined): fc.Arbitrary<unknown> {
  const s = deref(ctx.doc, schema)
  const examples = [
    ...(s.example !== undefined ? [s.example] : []),
    ...(Array.isArray(s.examples) ? (s.examples as unknown[]) : []),
  ]
  const next: Context = { ...ctx, depth: ctx.depth + 1 }
  if (s.const !== undefined) return fc.constant(s.const)
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]))
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) {
    const members = ((s.oneOf ?? s.anyOf) as unknown[]).map((m) => deref(ctx.doc, m))
    const siblings = { ...s, oneOf: undefined, anyOf: undefined }
    return fc.oneof(...members.map((m) => build(mergeSchemas(siblings, m), next, name)))
  }
  if (Array.isArray(s.allOf) && typesOf(s).length === 0) {
    const merged = (s.allOf as unknown[]).reduce<Schema>((acc, m) => mergeSchemas(acc, deref(ctx.doc, m)), {
      ...s,
      allOf: undefined,
    })
    return build(merged, ctx, name)
  }
  const types = typesOf(s).filter((t) => t !== 'null')
  const nullable = typesOf(s).includes('null')
  if (types.length > 1) return fc.oneof(...types.map((t) => build({ ...s, type: t }, next, name)))
  const type = types[0]
  let arb: fc.Arbitrary<unknown>
  switch (type) {
    case 'string':
      arb = stringArbitrary(s, examples, ctx.pool, name)
      break
    case 'integer':
    case 'number':
      arb = numberArbitrary(s, type === 'integer')
      break
    case 'boolean':
      arb = fc.boolean()
      break
    case 'array': {
      const items = s.items ? deref(ctx.doc, s.items) : {}
      const minLength = (s.minItems as number | undefined) ?? 0
      const maxLength = Math.max(minLength, Math.min((s.maxItems as number | undefined) ?? 3, 3))
      arb =
        ctx.depth > MAX_DEPTH
          ? fc.constant(examples[0] ?? [])
          : fc.array(build(items, next, name), {
              minLength,
              maxLength,
              ...(s.uniqueItems ? {} : {}),
            })
      if (s.uniqueItems) arb = arb.map((values) => dedupe(values as unknown[]))
      break
    }
    case 'object':
      arb = ctx.depth > MAX_DEPTH ? fc.constant(examples[0] ?? {}) : objectArbitrary(s, next)
      break
    default:
      // A schema without a type (free-form): small JSON.
      arb = examples.length > 0 ? fc.constantFrom(...examples) : fc.jsonValue({ maxDepth: 2 })
  }
  if (examples.length > 0 && type !== 'object')
    arb = fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 1 }, { arbitrary: arb, weight: 3 })
  return nullable ? fc.option(arb, { nil: null, freq: 5 }) : arb
}

function objectArbitrary(s: Schema, ctx: Context): fc.Arbitrary<unknown> {
  const { properties, required } = objectShape(ctx.doc, s)
  const names = Object.keys(properties)
  if (names.length === 0) {
    // A free-form object (`additionalProperties: true` or a value schema): a few entries.
    const values =
      typeof s.additionalProperties === 'object'
        ? build(s.additionalProperties as Schema, ctx, undefined)
        : fc.jsonValue({ maxDepth: 2 })
    const maxKeys = Math.min((s.maxProperties as number | undefined) ?? 3, 3)
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, {
      minKeys: (s.minProperties as number | undefined) ?? 0,
      maxKeys: Math.max(maxKeys, (s.minProperties as number | undefined) ?? 0),
    })
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const name of names) model[name] = build(properties[name] as Schema, ctx, name)
  return fc.record(model, { requiredKeys: required.filter((r) => names.includes(r)) })
}

/** A path segment, query name or value, or fragment: RFC 3986's unreserved and sub-delimiter characters, sometimes percent-encoded bytes. */
const URL_PART = fc.string({
  unit: fc.oneof(
    {
      arbitrary: fc.constantFrom(
        ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@",
      ),
      weight: 20,
    },
    { arbitrary: fc.constantFrom('%20', '%2F', '%3F', '%C3%A9', '%F0%9F%98%80'), weight: 1 },
  ),
  maxLength: 12,
})

/**
 * An http(s) URL with a port, a path, a query and a fragment, each sometimes. Not `fc.webUrl`:
 * building that one (its tables of every character a URL part may percent-encode) takes about a
 * CPU-second, once per `format: uri` field.
 */
const WEB_URL = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.domain(),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
    fc.array(URL_PART, { maxLength: 4 }),
    fc.option(fc.array(fc.tuple(URL_PART, URL_PART), { maxLength: 3 }), { nil: undefined }),
    fc.option(URL_PART, { nil: undefined }),
  )
  .map(([scheme, host, port, path, query, fragment]) => {
    const segments = path.map((segment) => `/${segment}`).join('')
    const search = query ? `?${query.map(([name, value]) => `${name}=${value}`).join('&')}` : ''
    return `${scheme}://${host}${port ? `:${port}` : ''}${segments}${search}${fragment === undefined ? '' : `#${fragment}`}`
  })

function stringArbitrary(
  s: Schema,
  examples: unknown[],
  pool: ValuePool | undefined,
  name: string | undefined,
) {
  const minLength = (s.minLength as number | undefined) ?? 0
  const maxLength = (s.maxLength as number | undefined) ?? Math.max(minLength, 24)
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength
  let arb: fc.Arbitrary<string>
  switch (s.format) {
    case 'uuid':
      arb = fc.uuid()
      break
    case 'uri':
    case 'url':
      arb = WEB_URL
      break
    case 'date-time':
      arb = fc
        .date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString())
      break
    case 'date':
      arb = fc
        .date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10))
      break
    case 'email':
      arb = fc.emailAddress()
      break
    default:
      if (typeof s.pattern === 'string') {
        try {
          arb = fc.stringMatching(new RegExp(s.pattern as string))
        } catch {
          arb = fc.constantFrom(...(examples.length > 0 ? (examples as string[]) : ['x']))
        }
      } else {
        arb = fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 24) })
      }
  }
  arb = arb.map((v) => (fits(v) ? v : adjustLength(v, minLength, maxLength)))
  if (pool && name) {
    const harvested = fc.nat().map((i) => pool.pick(name, i))
    return fc
      .oneof(
        arb,
        harvested.map((v) => (typeof v === 'string' ? v : undefined)),
      )
      .map((v) => v ?? 'x'.repeat(Math.max(minLength, 1)))
  }
  return arb
}

function adjustLength(value: string, minLength: number, maxLength: number): string {
  if (value.length > maxLength) return value.slice(0, maxLength)
  return value + 'a'.repeat(minLength - value.length)
}

function numberArbitrary(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof s.exclusiveMinimum === 'number' ? (s.exclusiveMinimum as number) : undefined
  const exclusiveMax = typeof s.exclusiveMaximum === 'number' ? (s.exclusiveMaximum as number) : undefined
  let min =
    (s.minimum as number | undefined) ??
    (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1_000_000)
  let max =
    (s.maximum as number | undefined) ??
    (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : 1e-6) : 1_000_000)
  if (min > max) [min, max] = [max, min]
  if (integer) {
    const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER)
    const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER)
    const arb = fc.integer({ min: lo, max: hi })
    return typeof s.multipleOf === 'number' ? arb.map((v) => v - (v % (s.multipleOf as number))) : arb
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b }
  if (a.properties || b.properties)
    merged.properties = { ...(a.properties as object), ...(b.properties as object) }
  if (a.required || b.required)
    merged.required = [...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])]
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key]
  return merged
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>()
  return values.filter((v) => {
    const key = JSON.stringify(v)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
