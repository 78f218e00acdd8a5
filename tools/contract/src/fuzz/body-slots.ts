import { deref } from '@apiplatform/openapi-toolkit'
import type { OpenApiDocument } from '../spec.js'
import { objectShape, type Schema, typesOf } from './schema-arbitrary.js'

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

export function setAt(value: unknown, path: Array<string | number>, next: unknown): unknown {
  if (path.length === 0) return next
  const [head, ...rest] = path as [string | number, ...Array<string | number>]
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head] = setAt(copy[head], rest, next)
  return copy
}

export function deleteAt(value: unknown, path: Array<string | number>): unknown {
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

export function getAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value)
}
