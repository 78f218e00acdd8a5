import { candidates, coerce, typeOf } from './field-values.js'
import type { JsonSchema } from './json-schema.js'
import { ownField, setField } from './own-fields.js'
import { normalizeLabel, type PageFacts } from './page-facts.js'

function lookup(facts: PageFacts, key: string, schema: JsonSchema): unknown {
  for (const label of candidates(key, schema)) {
    for (const value of facts.labelled.get(label) ?? []) {
      const coerced = coerce(value, schema)
      if (coerced !== undefined && !(Array.isArray(coerced) && coerced.length === 0)) return coerced
    }
  }
  const base = normalizeLabel(key)
  if ((base === 'url' || base === 'link' || base === 'sourceurl') && typeOf(schema) === 'string')
    return facts.url
  return undefined
}

function fillArray(facts: PageFacts, key: string, schema: JsonSchema): unknown[] | undefined {
  const items = schema.items ?? { type: 'string' }
  const label = normalizeLabel(key)
  if (typeOf(items) === 'object' && items.properties) {
    const props = Object.keys(items.properties)
    // A table whose headers name the item's fields.
    let best: { table: PageFacts['tables'][number]; columns: Map<string, number> } | undefined
    for (const table of facts.tables) {
      const columns = new Map<string, number>()
      for (const prop of props) {
        const names = candidates(prop, ownField(items.properties, prop) ?? {})
        const index = table.headers.findIndex((h) => names.includes(normalizeLabel(h)))
        if (index >= 0) columns.set(prop, index)
      }
      if (columns.size > 0 && (!best || columns.size > best.columns.size)) best = { table, columns }
    }
    if (best) {
      const rows: unknown[] = []
      for (const row of best.table.rows) {
        const item: Record<string, unknown> = {}
        for (const [prop, index] of best.columns) {
          const cell = row[index]
          const value = cell === undefined ? undefined : coerce(cell, ownField(items.properties, prop) ?? {})
          if (value !== undefined) setField(item, prop, value)
        }
        if (Object.keys(item).length > 0) rows.push(item)
      }
      if (rows.length > 0) return rows
    }
    // JSON-LD objects that carry the item's fields.
    const fromLd = facts.jsonLd
      .map((obj) => fillObjectFromRecord(obj, items))
      .filter(
        (o): o is Record<string, unknown> =>
          o !== undefined && Object.keys(o).length >= Math.min(2, props.length),
      )
    if (fromLd.length > 0) return fromLd
    return undefined
  }
  const list = facts.lists.get(label)
  if (list) return list.map((v) => coerce(v, items)).filter((v) => v !== undefined)
  const stated = lookup(facts, key, schema)
  return Array.isArray(stated) ? stated : undefined
}

function fillObjectFromRecord(
  record: Record<string, unknown>,
  schema: JsonSchema,
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {}
  const byLabel = new Map(Object.entries(record).map(([k, v]) => [normalizeLabel(k), v]))
  for (const [prop, propSchema] of Object.entries(schema.properties ?? {})) {
    for (const label of candidates(prop, propSchema)) {
      const value = byLabel.get(label)
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        const coerced = coerce(String(value), propSchema)
        if (coerced !== undefined) {
          setField(out, prop, coerced)
          break
        }
      }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** Fills `schema` (an object schema) with what `facts` state. Fields nothing states are left out. */
export function fillFromFacts(facts: PageFacts, schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, propSchema] of Object.entries(schema.properties ?? {})) {
    const type = typeOf(propSchema)
    let value: unknown
    if (type === 'array') value = fillArray(facts, key, propSchema)
    else if (type === 'object' && propSchema.properties) {
      const nested = fillFromFacts(facts, propSchema)
      value = Object.keys(nested).length > 0 ? nested : undefined
    } else value = lookup(facts, key, propSchema)
    if (value !== undefined) setField(out, key, value)
  }
  return out
}
