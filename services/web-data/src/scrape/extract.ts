import { normalizeLabel, type PageFacts } from './facts.js'

/** A JSON Schema, as far as the extractor reads it. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  required?: string[]
  title?: string
  description?: string
  enum?: unknown[]
  [key: string]: unknown
}

/** Other names a field is commonly stated under. */
const SYNONYMS: Record<string, string[]> = {
  name: ['title', 'heading', 'ogtitle', 'productname'],
  title: ['heading', 'ogtitle', 'name', 'headline'],
  description: ['ogdescription', 'summary', 'abstract'],
  price: ['offersprice', 'pricecurrency amount', 'productpriceamount', 'priceamount', 'cost'],
  currency: ['pricecurrency', 'offerspricecurrency', 'productpricecurrency'],
  author: ['authorname', 'byline', 'writer'],
  date: ['datepublished', 'publishdate', 'releasedate', 'published'],
  image: ['ogimage', 'imageurl'],
  company: ['organization', 'publisher', 'brand', 'sitename', 'ogsitename'],
  brand: ['brandname', 'manufacturer'],
  email: ['contactemail', 'mail'],
  phone: ['telephone', 'tel', 'contactphone'],
  version: ['latestversion', 'release'],
  instock: ['availability', 'offersavailability', 'stock'],
  available: ['availability', 'offersavailability'],
}

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null')
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  if (schema.items) return 'array'
  return undefined
}

function candidates(key: string, schema: JsonSchema): string[] {
  const base = normalizeLabel(key)
  const out = [base]
  if (typeof schema.title === 'string') out.push(normalizeLabel(schema.title))
  for (const syn of SYNONYMS[base] ?? []) out.push(normalizeLabel(syn))
  // "productName" also answers to "name", "releaseDate" to "date".
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[\s_-]+/)
  if (words.length > 1) {
    const last = normalizeLabel(words[words.length - 1] ?? '')
    if (last) {
      out.push(last)
      for (const syn of SYNONYMS[last] ?? []) out.push(normalizeLabel(syn))
    }
  }
  return [...new Set(out)]
}

/** Converts a stated value to the schema's type; undefined when it does not fit. */
export function coerce(value: string, schema: JsonSchema): unknown {
  const type = typeOf(schema)
  if (schema.enum) {
    const hit = schema.enum.find((e) => String(e).toLowerCase() === value.toLowerCase())
    return hit
  }
  switch (type) {
    case 'number':
    case 'integer': {
      const match = /-?\d[\d,]*(\.\d+)?/.exec(value.replace(/\s/g, ''))
      if (!match) return undefined
      const n = Number(match[0].replaceAll(',', ''))
      if (!Number.isFinite(n)) return undefined
      return type === 'integer' ? Math.round(n) : n
    }
    case 'boolean': {
      if (/^(true|yes|y|1|in ?stock|available|on)$/i.test(value.trim())) return true
      if (/^(false|no|n|0|out ?of ?stock|unavailable|off)$/i.test(value.trim())) return false
      return /instock/i.test(value) ? true : /outofstock/i.test(value) ? false : undefined
    }
    case 'array':
      return value
        .split(/\s*[,;]\s*/)
        .map((v) => coerce(v, schema.items ?? { type: 'string' }))
        .filter((v) => v !== undefined)
    default:
      return value
  }
}

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
        const names = candidates(prop, items.properties[prop] ?? {})
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
          const value = cell === undefined ? undefined : coerce(cell, items.properties[prop] ?? {})
          if (value !== undefined) item[prop] = value
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
          out[prop] = coerced
          break
        }
      }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** Fills `schema` (an object schema) with what `facts` state. Fields nothing states are left out. */
export function extractFromFacts(facts: PageFacts, schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, propSchema] of Object.entries(schema.properties ?? {})) {
    const type = typeOf(propSchema)
    let value: unknown
    if (type === 'array') value = fillArray(facts, key, propSchema)
    else if (type === 'object' && propSchema.properties) {
      const nested = extractFromFacts(facts, propSchema)
      value = Object.keys(nested).length > 0 ? nested : undefined
    } else value = lookup(facts, key, propSchema)
    if (value !== undefined) out[key] = value
  }
  return out
}

/** Merges what a further page states into a result: fields already found are kept, lists grow. */
export function mergeResults(current: Record<string, unknown>, next: Record<string, unknown>): string[] {
  const changed: string[] = []
  for (const [key, value] of Object.entries(next)) {
    const existing = current[key]
    if (existing === undefined) {
      current[key] = value
      changed.push(key)
    } else if (Array.isArray(existing) && Array.isArray(value)) {
      const seen = new Set(existing.map((v) => JSON.stringify(v)))
      const added = value.filter((v) => !seen.has(JSON.stringify(v)))
      if (added.length > 0) {
        existing.push(...added)
        changed.push(key)
      }
    }
  }
  return changed
}

/** Fields of `schema` the result does not have yet. */
export function missingFields(result: Record<string, unknown>, schema: JsonSchema): string[] {
  return Object.keys(schema.properties ?? {}).filter((key) => result[key] === undefined)
}
