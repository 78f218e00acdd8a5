/**
 * Turns an OpenAPI 3.1 schema spread over several files into one self-contained JSON Schema
 * 2020-12 document that Ajv can compile: every `$ref` is resolved through Redocly (so relative
 * file refs work) and replaced by a ref into a local `$defs`, which also handles cycles.
 * OpenAPI-only keywords are dropped and the OpenAPI formats (`int32`, `int64`, …) are known.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { isObject, isRef, type JsonObject } from './refs.js'
import type { Location, UserContext } from './types.js'

type FormatsPlugin = typeof addFormatsModule.default
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin)

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas'])
/** Keywords whose value is one schema. */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
])
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
/** Annotations and OpenAPI extensions that mean nothing to a validator (refs inside `$defs` are inlined). */
const DROPPED = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
  '$defs',
  'definitions',
])

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true })
  addFormats(ajv)
  const isInt = (min: number, max: number) => (n: number) => Number.isInteger(n) && n >= min && n <= max
  ajv.addFormat('int32', { type: 'number', validate: isInt(-(2 ** 31), 2 ** 31 - 1) })
  ajv.addFormat('int64', {
    type: 'number',
    validate: isInt(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  })
  ajv.addFormat('int', { type: 'number', validate: Number.isInteger })
  for (const name of ['float', 'double']) ajv.addFormat(name, { type: 'number', validate: () => true })
  for (const name of ['byte', 'binary', 'password']) ajv.addFormat(name, () => true)
  return ajv
}

/** Builds the self-contained schema for the schema `node` found at `location`. */
export function bundleSchema(ctx: UserContext, node: unknown, location: Location): JsonObject | boolean {
  const defs: JsonObject = {}
  const ids = new Map<string, string>()

  const convert = (schema: unknown, at: Location): unknown => {
    if (!isObject(schema)) return schema
    const out: JsonObject = {}
    if (isRef(schema)) {
      const resolved = ctx.resolve<unknown>(schema, at.source.absoluteRef)
      if (resolved.node !== undefined && resolved.location) {
        const key = resolved.location.absolutePointer
        let id = ids.get(key)
        if (id === undefined) {
          id = `ref${ids.size}`
          ids.set(key, id)
          defs[id] = true
          defs[id] = convert(resolved.node, resolved.location)
        }
        out.$ref = `#/$defs/${id}`
      }
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' || DROPPED.has(key) || key.startsWith('x-')) continue
      const child = at.child(key)
      if (SCHEMA_MAPS.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, s]) => [name, convert(s, child.child(name))]),
        )
      } else if ((SCHEMA_LISTS.has(key) || key === 'items') && Array.isArray(value)) {
        out[key] = value.map((s, i) => convert(s, child.child(i)))
      } else if (SCHEMA_VALUES.has(key)) {
        out[key] = convert(value, child)
      } else {
        out[key] = value
      }
    }
    return out
  }

  const root = convert(node, location)
  if (typeof root === 'boolean') return root
  return { ...(isObject(root) ? root : {}), $defs: defs }
}

export type Validator = ValidateFunction

/** Compiles a bundled schema; returns the compile error message when Ajv rejects the schema. */
export function compile(ajv: Ajv2020, schema: JsonObject | boolean): ValidateFunction | string {
  try {
    return ajv.compile(schema)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** `must match pattern "^a$" at /data/id` style text for one Ajv error. */
export function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the example' : error.instancePath
  const extra =
    error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties'
      ? ` (${JSON.stringify(
          (error.params as { additionalProperty?: string; unevaluatedProperty?: string })
            .additionalProperty ?? (error.params as { unevaluatedProperty?: string }).unevaluatedProperty,
        )})`
      : ''
  return `${where} ${error.message ?? 'is invalid'}${extra}`
}
