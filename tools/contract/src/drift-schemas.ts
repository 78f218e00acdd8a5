/**
 * The schemas of both documents, normalised so that what does not change the wire contract
 * compares equal: `$ref`s are inlined, key order, descriptions, examples, titles and summaries are
 * ignored, nullable forms (`nullable: true`, `type: [X, 'null']`, `anyOf: [X, {type: 'null'}]`) are
 * made one, `oneOf` and `anyOf` are compared alike, `allOf` of objects is merged, `const` equals a
 * one-value `enum`, and `additionalProperties: {not: {}}` / `unevaluatedProperties: false` equal
 * `additionalProperties: false`.
 */

import { type OpenApiDocument, resolvePointer } from '@apiplatform/openapi-toolkit'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Obj = { [key: string]: Json }

const IGNORED = new Set([
  'description',
  'example',
  'examples',
  'title',
  'summary',
  'externalDocs',
  'xml',
  '$schema',
  '$id',
  'discriminator',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'contentMediaType',
])

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Reads documents that may be incomplete: a reference that cannot be resolved counts as absent. */
export const LENIENT = { strict: false } as const
export const asDocument = (doc: Obj) => doc as unknown as OpenApiDocument
const pointer = (doc: Obj, ref: string): Json =>
  (resolvePointer(asDocument(doc), ref, LENIENT) ?? null) as Json

const stable = (v: Json): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : isObj(v)
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable(v[k] as Json)}`)
          .join(',')}}`
      : JSON.stringify(v)

const typeOfValue = (v: Json): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && Number.isInteger(v)
        ? 'integer'
        : typeof v

function typesOf(schema: Obj): string[] | undefined {
  if (schema.type === undefined) return undefined
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).map(String)
}

/** Normalises a schema (see the module comment). A cycle is cut with a `{ $cycle: Name }` marker. */
export function normaliseSchema(doc: Obj, input: Json | undefined, stack: string[] = []): Json {
  if (input === undefined || input === true) return {}
  if (input === false) return { not: {} }
  if (!isObj(input)) return input
  let schema: Obj = input
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref
    if (stack.includes(ref)) return { $cycle: ref.split('/').pop() ?? ref }
    const { $ref: _ignored, ...siblings } = schema
    const target = pointer(doc, ref)
    const merged = isObj(target) ? { ...target, ...siblings } : siblings
    return normaliseSchema(doc, merged, [...stack, ref])
  }
  schema = { ...schema }
  if (schema.nullable === true) {
    const types = typesOf(schema)
    if (types) schema.type = [...types, 'null']
    else schema = { anyOf: [{ ...schema, nullable: false }, { type: 'null' }] }
  }
  delete schema.nullable
  if (Array.isArray(schema.oneOf)) {
    schema.anyOf = schema.oneOf
    delete schema.oneOf
  }
  if (schema.unevaluatedProperties === false) {
    schema.additionalProperties = false
    delete schema.unevaluatedProperties
  }
  // allOf of objects → one object.
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((p) => normaliseSchema(doc, p, stack))
    if (parts.every((p) => isObj(p) && (p.type === 'object' || p.properties) && !p.anyOf)) {
      const { allOf: _all, ...rest } = schema
      const properties: Obj = {}
      const required = new Set<string>()
      let closed = rest.additionalProperties === false
      for (const p of parts as Obj[]) {
        Object.assign(properties, p.properties ?? {})
        for (const r of (p.required ?? []) as string[]) required.add(r)
        if (p.additionalProperties === false) closed = true
      }
      schema = { ...rest, type: 'object', properties, required: [...required] }
      if (closed) schema.additionalProperties = false
      for (const [k, v] of Object.entries(schema.properties as Obj)) (schema.properties as Obj)[k] = v
      return normaliseSchema(doc, schema, stack)
    }
  }
  const out: Obj = {}
  for (const [key, value] of Object.entries(schema)) {
    if (IGNORED.has(key) || key.startsWith('x-')) continue
    if (key === 'properties' && isObj(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, normaliseSchema(doc, v, stack)]),
      )
    } else if (
      ['items', 'not', 'additionalProperties', 'propertyNames', 'contains', 'if', 'then', 'else'].includes(
        key,
      )
    ) {
      out[key] = typeof value === 'boolean' ? value : normaliseSchema(doc, value, stack)
    } else if (['anyOf', 'allOf', 'prefixItems'].includes(key) && Array.isArray(value)) {
      out[key] = value.map((v) => normaliseSchema(doc, v, stack))
    } else if (key === 'patternProperties' && isObj(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, normaliseSchema(doc, v, stack)]),
      )
    } else {
      out[key] = value
    }
  }
  if (Array.isArray(out.anyOf)) {
    // Nested unions are one union; a `type` every member repeats says nothing more.
    out.anyOf = (out.anyOf as Json[]).flatMap((m) =>
      isObj(m) && Array.isArray(m.anyOf) && Object.keys(m).length === 1 ? (m.anyOf as Json[]) : [m],
    )
    if (typeof out.type === 'string' && (out.anyOf as Json[]).every((m) => isObj(m) && m.type === out.type)) {
      delete out.type
    }
  }
  // anyOf: [X, {type: null}] → X with a nullable type.
  if (Array.isArray(out.anyOf)) {
    const nonNull = out.anyOf.filter((m) => !(isObj(m) && stable(m) === stable({ type: 'null' })))
    if (
      nonNull.length === 1 &&
      out.anyOf.length === 2 &&
      isObj(nonNull[0]) &&
      nonNull[0].type !== undefined
    ) {
      const { anyOf: _a, ...rest } = out
      const inner = nonNull[0]
      const types = typesOf(inner) ?? []
      return normaliseSchema(doc, { ...rest, ...inner, type: [...types, 'null'] }, stack)
    }
    out.anyOf = [...out.anyOf].sort((a, b) => stable(a).localeCompare(stable(b)))
  }
  // `RegExp.source` escapes slashes; `\/` and `/` match the same.
  if (typeof out.pattern === 'string') out.pattern = out.pattern.replace(/\\\//g, '/')
  if (out.const !== undefined) {
    out.enum = [out.const]
    delete out.const
  }
  if (Array.isArray(out.enum)) {
    const types = new Set((out.enum as Json[]).map(typeOfValue).map((t) => (t === 'integer' ? 'number' : t)))
    const declared = typesOf(out)
    // An integer enum is the same whether it says `number` (zod literals) or `integer`.
    const allIntegers = (out.enum as Json[]).every((v) => typeof v === 'number' && Number.isInteger(v))
    out.type = (declared ?? [...types]).map((t) => (allIntegers && t === 'number' ? 'integer' : t))
  }
  if (isObj(out.additionalProperties) && stable(out.additionalProperties) === stable({ not: {} })) {
    out.additionalProperties = false
  }
  if (
    out.additionalProperties === true ||
    (isObj(out.additionalProperties) && Object.keys(out.additionalProperties).length === 0)
  ) {
    delete out.additionalProperties
  }
  if (Array.isArray(out.required)) {
    if (out.required.length === 0) delete out.required
    else out.required = [...new Set(out.required as string[])].sort()
  }
  if (Array.isArray(out.type)) {
    const types = [...new Set(out.type as string[])].sort()
    out.type = types.length === 1 ? (types[0] as string) : types
  }
  return out
}

export function diffSchemas(
  a: Json,
  b: Json,
  path: string,
  emit: (path: string, message: string) => void,
): void {
  if (stable(a) === stable(b)) return
  if (isObj(a) && isObj(b)) {
    const ap = isObj(a.properties) ? a.properties : {}
    const bp = isObj(b.properties) ? b.properties : {}
    const areq = new Set((Array.isArray(a.required) ? a.required : []) as string[])
    const breq = new Set((Array.isArray(b.required) ? b.required : []) as string[])
    for (const key of new Set([...Object.keys(ap), ...Object.keys(bp)])) {
      const where = `${path}.${key}`
      if (!(key in ap))
        emit(where, `property "${key}"${breq.has(key) ? ' (required)' : ''} is only in the hand-written spec`)
      else if (!(key in bp)) emit(where, `property "${key}" is only in the emitted document`)
      else diffSchemas(ap[key] as Json, bp[key] as Json, where, emit)
    }
    for (const key of new Set([...areq, ...breq])) {
      if (!(key in ap) || !(key in bp)) continue
      if (areq.has(key) && !breq.has(key))
        emit(`${path}.${key}`, `"${key}" is required in the emitted document only`)
      if (!areq.has(key) && breq.has(key))
        emit(`${path}.${key}`, `"${key}" is required in the hand-written spec only`)
    }
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (key === 'properties' || key === 'required') continue
      const av = a[key]
      const bv = b[key]
      if (key === 'items' && isObj(av) && isObj(bv)) {
        diffSchemas(av, bv, `${path}[]`, emit)
        continue
      }
      if (stable(av ?? null) !== stable(bv ?? null)) {
        emit(
          path || '.',
          `${key}: emitted ${av === undefined ? '(none)' : stable(av)} ≠ spec ${bv === undefined ? '(none)' : stable(bv)}`,
        )
      }
    }
    return
  }
  emit(path || '.', `emitted ${stable(a)} ≠ spec ${stable(b)}`)
}
