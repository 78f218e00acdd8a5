/**
 * JSON Schema (OpenAPI 3.1 dialect) → zod 4 source code.
 *
 * The conversion itself is done by `json-schema-to-zod` (zodVersion 4). This module only adds
 * what an OpenAPI bundle needs on top, through the library's `parserOverride` hook:
 * `$ref`s to component schemas become references to the generated consts (forward or cyclic
 * references become `z.lazy`), 3.1 nullable type arrays become `.nullable()`, `allOf` of objects
 * is merged into one object (so `additionalProperties`/`unevaluatedProperties: false` still reject
 * unknown keys), `oneOf` becomes a (discriminated) union, binary strings accept uploaded files,
 * numeric `format`s are kept for the emitted document, and parameters are coerced from strings.
 */

import { isObject, type JsonObject, pointerKeys } from '@apiplatform/openapi-toolkit'
import {
  type JsonSchemaObject,
  jsonSchemaToZod,
  parseNumber,
  parseSchema,
  parseString,
  type Refs,
} from 'json-schema-to-zod'

export interface ZodEmitContext {
  /** The TypeScript identifier of the const generated for a component schema. */
  identifier(componentName: string): string
  /** True when the const is already declared (a plain reference is safe), false for forward or cyclic refs. */
  isDeclared(componentName: string): boolean
  /** The component schema of that name (to merge `allOf` members). */
  component(componentName: string): unknown
  /** Called for every component referenced, to collect dependencies. */
  onReference?(componentName: string): void
}

export const SCHEMA_REF_PREFIX = '#/components/schemas/'

export function componentName(ref: string): string {
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) {
    throw new Error(`Only refs to #/components/schemas/* are supported inside schemas: ${ref}`)
  }
  return pointerKeys(ref).slice(2).join('/')
}

/**
 * JSON Schema defaults apply to the input: `.prefault()` (zod 4) fills a missing value before
 * validation, so nested defaults are applied too. The value is cast because a spec default is
 * not checked against its schema by TypeScript (a wrong one surfaces as a validation error).
 */
const PREPARED = Symbol('properties prepared')
const REQUIRED_ANY = Symbol('required, any value')
const DOC_DEFAULT = Symbol('default of a required property')

const withDefault = (schema: JsonObject, code: string): string =>
  schema.default === undefined ? code : `${code}.prefault(${JSON.stringify(schema.default)} as never)`

const without = (schema: JsonObject, ...keys: string[]): JsonObject => {
  const copy = { ...schema }
  for (const key of keys) delete copy[key]
  return copy
}

const isNullSchema = (s: unknown): boolean => isObject(s) && s.type === 'null' && Object.keys(s).length <= 2

interface MergedObject {
  properties: Record<string, unknown>
  required: string[]
  closed: boolean
}

/** Merges the members of an `allOf` that are all objects; undefined when one of them is not. */
function mergeAllOf(schema: JsonObject, ctx: ZodEmitContext, depth = 0): MergedObject | undefined {
  if (depth > 20) return undefined
  const merged: MergedObject = { properties: {}, required: [], closed: false }
  const add = (member: unknown): boolean => {
    if (!isObject(member)) return false
    if (typeof member.$ref === 'string') {
      const name = componentName(member.$ref)
      ctx.onReference?.(name)
      return add(ctx.component(name))
    }
    if (member.oneOf || member.anyOf || member.not || member.if) return false
    if (member.type !== undefined && member.type !== 'object') return false
    if (Array.isArray(member.allOf)) {
      const inner = mergeAllOf(member, ctx, depth + 1)
      if (!inner) return false
      Object.assign(merged.properties, inner.properties)
      merged.required.push(...inner.required)
      merged.closed ||= inner.closed
    }
    if (member.additionalProperties !== undefined && member.additionalProperties !== false) return false
    if (isObject(member.properties)) Object.assign(merged.properties, member.properties)
    if (Array.isArray(member.required)) merged.required.push(...(member.required as string[]))
    if (member.additionalProperties === false || member.unevaluatedProperties === false) merged.closed = true
    return true
  }
  const members = schema.allOf as unknown[]
  for (const member of members) if (!add(member)) return undefined
  if (schema.properties !== undefined || schema.required !== undefined) {
    if (!add(without(schema, 'allOf'))) return undefined
  }
  if (schema.unevaluatedProperties === false || schema.additionalProperties === false) merged.closed = true
  merged.required = [...new Set(merged.required)]
  return merged
}

export interface ToZodOptions {
  /** Coerce numbers and booleans from strings (path and query parameters). */
  coerce?: boolean
}

/** Converts one JSON schema to a zod expression (source code). */
export function schemaToZod(schema: unknown, ctx: ZodEmitContext, options: ToZodOptions = {}): string {
  if (options.coerce) return paramToZod(schema, ctx)
  const parserOverride = (s: JsonSchemaObject, refs: Refs): string | undefined => override(s, refs, ctx)
  return jsonSchemaToZod(schema as JsonSchemaObject, {
    module: 'none',
    zodVersion: 4,
    withoutDescribes: true,
    parserOverride,
  })
}

function override(s: JsonSchemaObject, refs: Refs, ctx: ZodEmitContext): string | undefined {
  const sub = (schema: unknown): string => parseSchema(schema as JsonSchemaObject, refs)

  const marks = s as Record<symbol, unknown>
  if (marks[REQUIRED_ANY]) return "z.unknown().refine((v) => v !== undefined, 'Required')"

  if (marks[DOC_DEFAULT] !== undefined) {
    const { [DOC_DEFAULT]: value, ...rest } = s as JsonSchemaObject & { [DOC_DEFAULT]?: unknown }
    return `${sub(rest)}.openapi({ default: ${JSON.stringify(value)} })`
  }

  // Limits of a free-form JSON value (`x-max-depth`, `x-max-bytes`): how deep it may nest and how
  // long it may be once serialized, so that what is stored stays something a database handles.
  if (typeof s['x-max-depth'] === 'number' || typeof s['x-max-bytes'] === 'number') {
    const depth = s['x-max-depth']
    const bytes = s['x-max-bytes']
    const checks: string[] = []
    if (typeof depth === 'number')
      checks.push(`.refine((v) => jsonDepth(v) <= ${depth}, 'Nested more than ${depth} levels deep')`)
    if (typeof bytes === 'number')
      checks.push(`.refine((v) => jsonBytes(v) <= ${bytes}, 'Longer than ${bytes} bytes as JSON')`)
    return `${sub(without(s, 'x-max-depth', 'x-max-bytes'))}${checks.join('')}`
  }

  // Property counts (not checked by json-schema-to-zod).
  if (typeof s.minProperties === 'number' || typeof s.maxProperties === 'number') {
    const { minProperties: min, maxProperties: max } = s
    const checks: string[] = []
    const meta: JsonObject = {}
    if (typeof min === 'number') {
      checks.push(
        `.refine((v) => typeof v !== 'object' || v === null || Object.keys(v).length >= ${min}, 'Must have at least ${min} properties')`,
      )
      meta.minProperties = min
    }
    if (typeof max === 'number') {
      checks.push(
        `.refine((v) => typeof v !== 'object' || v === null || Object.keys(v).length <= ${max}, 'Must have at most ${max} properties')`,
      )
      meta.maxProperties = max
    }
    return `${sub(without(s, 'minProperties', 'maxProperties'))}${checks.join('')}.openapi(${JSON.stringify(meta)})`
  }

  // Defaults of every kind of node (see `withDefault`).
  if (s.default !== undefined && typeof s.$ref !== 'string') return withDefault(s, sub(without(s, 'default')))

  // A required property must be sent: its default never applies (and would make it optional).
  // Component consts carry no default of their own (see generate-routes): an optional property
  // that refers to a component with a default gets it at the reference.
  if (isObject(s.properties) && !marks[PREPARED]) {
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : [])
    const properties = Object.fromEntries(
      Object.entries(s.properties).map(([k, p]) => {
        if (!isObject(p)) return [k, p]
        if (required.has(k)) {
          // `{}` accepts undefined in zod: a required property of any type must still be present.
          const rest = without(p, 'default', 'description', 'title', 'example', 'examples')
          if (Object.keys(rest).length === 0) return [k, { [REQUIRED_ANY]: true }]
          // …and its default stays documentation only.
          if (p.default !== undefined) return [k, { ...without(p, 'default'), [DOC_DEFAULT]: p.default }]
          return [k, p]
        }
        if (typeof p.$ref === 'string' && p.default === undefined) {
          const target = ctx.component(componentName(p.$ref))
          if (isObject(target) && target.default !== undefined) return [k, { ...p, default: target.default }]
        }
        return [k, p]
      }),
    )
    return sub({ ...s, properties, [PREPARED]: true })
  }

  // $ref → the generated const (lazy when it is declared later or is part of a cycle).
  if (typeof s.$ref === 'string') {
    const name = componentName(s.$ref)
    ctx.onReference?.(name)
    const id = ctx.identifier(name)
    const ref = ctx.isDeclared(name) ? id : `z.lazy(() => ${id})`
    // zod-to-openapi shows a bare `$ref` for a defaulted component: document the default beside it.
    return s.default === undefined
      ? ref
      : `${withDefault(s, ref)}.openapi({ default: ${JSON.stringify(s.default)} })`
  }

  // OpenAPI 3.1 nullable: `type: [X, 'null']`.
  if (Array.isArray(s.type) && s.type.includes('null') && s.type.length > 1) {
    const rest = s.type.filter((t) => t !== 'null')
    const inner: JsonObject = { ...without(s, 'default'), type: rest.length === 1 ? rest[0] : rest }
    if (Array.isArray(s.enum)) inner.enum = s.enum.filter((v) => v !== null)
    return withDefault(s, `${sub(inner)}.nullable()`)
  }
  // `anyOf`/`oneOf: [X, {type: 'null'}]`.
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key]
    if (Array.isArray(list) && list.length === 2 && list.some(isNullSchema) && !s.discriminator) {
      const other = list.find((m) => !isNullSchema(m))
      // `.nullable()` on a registered component makes zod-to-openapi mark the component itself
      // nullable: a union with null keeps the component as it is.
      if (isObject(other) && typeof other.$ref === 'string')
        return withDefault(s, `z.union([${sub(other)}, z.null()])`)
      return withDefault(s, `${sub(other)}.nullable()`)
    }
  }

  // allOf of objects → one merged object; closed when any part forbids unknown properties.
  if (Array.isArray(s.allOf) && !s.oneOf && !s.anyOf) {
    const merged = mergeAllOf(s, ctx)
    if (merged) {
      const obj: JsonObject = {
        type: 'object',
        properties: merged.properties,
        required: merged.required,
      }
      if (merged.closed) obj.additionalProperties = false
      if (s.default !== undefined) obj.default = s.default
      return sub(obj)
    }
    return undefined
  }

  // unevaluatedProperties: false on a plain object behaves like additionalProperties: false.
  if (s.unevaluatedProperties === false) {
    return sub({ ...without(s, 'unevaluatedProperties'), additionalProperties: false })
  }

  // A closed object without properties (`{}` only): `z.strictObject({})`, not a record of never.
  if (
    s.additionalProperties === false &&
    (s.type === 'object' || s.type === undefined) &&
    (!isObject(s.properties) || Object.keys(s.properties).length === 0) &&
    !s.patternProperties &&
    !s.allOf &&
    !s.oneOf &&
    !s.anyOf
  ) {
    return withDefault(s, 'z.strictObject({})')
  }

  // oneOf → discriminated union when the spec names a discriminator, otherwise a union.
  if (Array.isArray(s.oneOf) && s.oneOf.length > 1) {
    const members = s.oneOf.map((m) => sub(m))
    const discriminator = isObject(s.discriminator) ? s.discriminator.propertyName : undefined
    const canDiscriminate =
      typeof discriminator === 'string' && members.every((m) => !m.startsWith('z.lazy('))
    const union = canDiscriminate
      ? `z.discriminatedUnion(${JSON.stringify(discriminator)}, [${members.join(', ')}])`
      : `z.union([${members.join(', ')}])`
    return withDefault(s, union)
  }

  // Uploaded files in multipart bodies.
  if (s.type === 'string' && (s.format === 'binary' || s.contentMediaType === 'application/octet-stream')) {
    return `z.custom<Blob>((v) => v instanceof Blob, { message: 'Expected a file' }).openapi({ type: 'string', format: 'binary' })`
  }

  // zod's emitted `pattern` is `RegExp.source` (slashes escaped) and `z.url().regex()` loses the
  // format: keep the spec's own `pattern` and `format` in the emitted document.
  if (s.type === 'string' && !s.enum && (typeof s.pattern === 'string' || typeof s.format === 'string')) {
    const meta: JsonObject = {}
    if (typeof s.pattern === 'string') meta.pattern = s.pattern
    if (typeof s.format === 'string') meta.format = s.format
    return `${stringToZod(s)}.openapi(${JSON.stringify(meta)})`
  }
  if (s.type === 'string' && !s.enum && s.contentEncoding === 'base64') return stringToZod(s)

  // Keep numeric formats (int32, int64, float, double) in the emitted document.
  if ((s.type === 'integer' || s.type === 'number') && typeof s.format === 'string' && !s.enum) {
    return withDefault(s, `${parseNumber(s as never)}.openapi({ format: ${JSON.stringify(s.format)} })`)
  }
  return undefined
}

/**
 * `z.url()` is the WHATWG parser, which keeps a `%` that starts no `%XX` escape (`https://a.io/%F`)
 * as it is, where RFC 3986 (the spec's `format: uri`) refuses it: such a URL would be accepted,
 * then fail the `uri` format wherever an answer shows it.
 */
const WELL_FORMED_ESCAPES = `.refine((v) => !/%(?![0-9A-Fa-f]{2})/.test(v), 'Invalid format: expected a valid URL; a % must start a percent-encoded byte such as %2F')`

/**
 * String formats as zod 4's top-level schemas: the `z.string().email()`-style methods are
 * deprecated in zod 4 (and slated for removal), the top-level ones are what it documents.
 */
const STRING_FORMATS: Record<string, string> = {
  email: 'z.email()',
  ip: 'z.union([z.ipv4(), z.ipv6()])',
  ipv4: 'z.ipv4()',
  ipv6: 'z.ipv6()',
  uri: `z.url()${WELL_FORMED_ESCAPES}`,
  uuid: 'z.uuid()',
  'date-time': 'z.iso.datetime({ offset: true })',
  time: 'z.iso.time()',
  date: 'z.iso.date()',
  duration: 'z.iso.duration()',
}

function stringToZod(s: JsonSchemaObject): string {
  const format = typeof s.format === 'string' ? STRING_FORMATS[s.format] : undefined
  const base64 = !format && s.contentEncoding === 'base64'
  // The library writes the format as a method of `z.string()`; the checks that follow it
  // (pattern, lengths) are methods of every zod 4 string format too.
  const checks = parseString(without(s as JsonObject, 'format', 'contentEncoding') as never).replace(
    /^z\.string\(\)/,
    '',
  )
  if (format?.startsWith('z.union(')) return checks === '' ? format : `z.string()${checks}.and(${format})`
  return `${format ?? (base64 ? 'z.base64()' : 'z.string()')}${checks}`
}

/** Names of the coercion helpers that the generated code defines (see `COERCE_HELPERS`). */
export const COERCE_HELPERS = `/** Coercion of path, query and form values, which arrive as strings. */
const num = (v: unknown): unknown => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v)
const bool = (v: unknown): unknown => (v === 'true' ? true : v === 'false' ? false : v)
const list = (v: unknown): unknown => (v === undefined || Array.isArray(v) ? v : [v])
const json = (v: unknown): unknown => {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}
`

/**
 * Path, query and multipart values arrive as strings: numbers, booleans, arrays and (in forms)
 * JSON-encoded objects are converted before validation. The original schema is kept as OpenAPI
 * metadata so that the emitted document shows the spec's schema, not the coercion.
 */
function paramToZod(schema: unknown, ctx: ZodEmitContext): string {
  if (!isObject(schema)) return schemaToZod(schema, ctx)
  let resolved = schema
  if (typeof schema.$ref === 'string') {
    const name = componentName(schema.$ref)
    ctx.onReference?.(name)
    resolved = { ...(ctx.component(name) as JsonObject), ...without(schema, '$ref') }
  }
  const meta = without(schema, 'description', 'example', 'examples')
  // The metadata type of zod-to-openapi does not list `$ref`, which it passes through.
  const openapi = `${JSON.stringify(meta)}${JSON.stringify(meta).includes('"$ref"') ? ' as never' : ''}`
  const type = resolved.type
  const plain = schemaToZod(without(schema, 'default'), ctx)
  if ((type === 'integer' || type === 'number') && !resolved.enum) {
    return `${withDefault(resolved, `z.preprocess(num, ${plain})`)}.openapi(${openapi})`
  }
  if (type === 'boolean') {
    return `${withDefault(resolved, `z.preprocess(bool, ${plain})`)}.openapi(${openapi})`
  }
  if (type === 'array' && isObject(resolved.items)) {
    const items = paramToZod(resolved.items, ctx)
    let array = `z.array(${items})`
    if (typeof resolved.minItems === 'number') array += `.min(${resolved.minItems})`
    if (typeof resolved.maxItems === 'number') array += `.max(${resolved.maxItems})`
    return `${withDefault(resolved, `z.preprocess(list, ${array})`)}.openapi(${openapi})`
  }
  if (type === 'object' || resolved.properties || resolved.allOf || resolved.oneOf || resolved.anyOf) {
    return `${withDefault(resolved, `z.preprocess(json, ${plain})`)}.openapi(${openapi})`
  }
  return schemaToZod(schema, ctx)
}
