import type { JsonSchema } from './json-schema.js'
import { ownField, setField } from './own-fields.js'

/** Merges what a further page states into a result: fields already found are kept, lists grow. */
export function mergeResults(current: Record<string, unknown>, next: Record<string, unknown>): string[] {
  const changed: string[] = []
  for (const [key, value] of Object.entries(next)) {
    const existing = ownField(current, key)
    if (existing === undefined) {
      setField(current, key, value)
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
  return Object.keys(schema.properties ?? {}).filter((key) => ownField(result, key) === undefined)
}
