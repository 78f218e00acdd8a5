import type { JsonSchema } from './json-schema.js'
import { normalizeLabel } from './page-facts.js'

/**
 * Other names a field is commonly stated under. A Map: the looked-up label is the caller's field
 * name, and a plain object would answer `constructor` with a function.
 */
const SYNONYMS = new Map<string, string[]>(
  Object.entries({
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
  }),
)

export function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null')
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  if (schema.items) return 'array'
  return undefined
}

export function candidates(key: string, schema: JsonSchema): string[] {
  const base = normalizeLabel(key)
  const out = [base]
  if (typeof schema.title === 'string') out.push(normalizeLabel(schema.title))
  for (const syn of SYNONYMS.get(base) ?? []) out.push(normalizeLabel(syn))
  // "productName" also answers to "name", "releaseDate" to "date".
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[\s_-]+/)
  if (words.length > 1) {
    const last = normalizeLabel(words[words.length - 1] ?? '')
    if (last) {
      out.push(last)
      for (const syn of SYNONYMS.get(last) ?? []) out.push(normalizeLabel(syn))
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
