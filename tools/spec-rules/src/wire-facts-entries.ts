import type { FactKind, Json, WireEntry, WireOperation } from './wire-facts-types.js'
import { expand, isObject, possible, step, summarize, type View } from './wire-facts-views.js'

function join(prefix: string, segment: string): string {
  if (segment === '[]') return `${prefix}[]`
  return prefix === '' ? segment : `${prefix}.${segment}`
}

/** Every property path of a schema with its facts (for a finite, non-recursive schema). */
export function enumerate(doc: Json, schema: Json, mode: 'request' | 'response'): WireEntry[] {
  const entries: WireEntry[] = []
  const entry = (path: string, view: View, required: boolean | undefined): void => {
    const s = summarize(view)
    const e: WireEntry = { path }
    if (s.types) e.types = s.types
    if (s.enum) e.enum = s.enum
    if (required !== undefined && path !== '' && (mode === 'request' || required)) e.required = required
    entries.push(e)
  }
  const walk = (path: string, view: View, depth: number): void => {
    if (depth > 24) throw new Error(`schema too deep at ${path} (a cycle?)`)
    const alts = view.filter(possible)
    const names = new Set<string>()
    for (const conj of alts)
      for (const o of conj)
        if (isObject(o.properties)) for (const n of Object.keys(o.properties)) names.add(n)
    for (const name of names) {
      const s = step(doc, view, name)
      entry(join(path, name), s.view, s.required)
      walk(join(path, name), s.view, depth + 1)
    }
    if (alts.some((conj) => conj.some((o) => 'items' in o))) {
      const s = step(doc, view, '[]')
      entry(join(path, '[]'), s.view, undefined)
      walk(join(path, '[]'), s.view, depth + 1)
    }
    if (alts.some((conj) => conj.some((o) => isObject(o.additionalProperties)))) {
      const s = step(doc, view, '*')
      entry(join(path, '*'), s.view, undefined)
      walk(join(path, '*'), s.view, depth + 1)
    }
  }
  const root = expand(doc, schema)
  entry('', root, undefined)
  walk('', root, 0)
  return entries
}

/** The facts an entry states, in the order exists, type, enum, required. */
export function factsOf(entry: WireEntry): { kind: FactKind; expected: unknown }[] {
  const out: { kind: FactKind; expected: unknown }[] = []
  if (entry.path !== '') out.push({ kind: 'exists', expected: true })
  if (entry.types) out.push({ kind: 'type', expected: entry.types })
  if (entry.enum) out.push({ kind: 'enum', expected: entry.enum })
  if (entry.required !== undefined) out.push({ kind: 'required', expected: entry.required })
  return out
}

export function countFacts(operations: WireOperation[]): { entries: number; facts: number } {
  let entries = 0
  let facts = 0
  for (const op of operations)
    for (const body of op.bodies)
      for (const e of body.entries) {
        entries++
        facts += factsOf(e).length
      }
  return { entries, facts }
}
