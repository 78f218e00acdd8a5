import { type Deviation, deviationMatches } from './wire-facts-deviations.js'
import { factsOf } from './wire-facts-entries.js'
import type { Json, UnmatchedFact, WireOperation } from './wire-facts-types.js'
import { expand, isObject, pointer, segments, step, summarize } from './wire-facts-views.js'

// Comparing with a bundled OpenAPI document.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

function bodySchema(doc: Json, op: Json, at: string, contentType: string | undefined): Json {
  let holder: Json
  if (at === 'request') holder = op.requestBody
  else holder = op.responses?.[at.replace(/^response /, '')]
  while (isObject(holder) && typeof holder.$ref === 'string') holder = pointer(doc, holder.$ref)
  const content = holder?.content
  if (!isObject(content)) return undefined
  const media = (contentType && content[contentType]) ?? Object.values(content)[0]
  return isObject(media) ? (media.schema ?? {}) : undefined
}

function sameSet(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => Object.is(x, y)))
}

export interface Comparison {
  total: number
  matched: number
  /** Facts that differ and are listed in the deviations, with the line that lists them. */
  deviated: { fact: UnmatchedFact; line: string }[]
  unmatched: UnmatchedFact[]
  /** Deviation lines that excuse no fact (stale). */
  unusedDeviations: Deviation[]
  /** (matched + deviated) / total. */
  share: number
}

export function compareWireFacts(
  doc: Json,
  operations: WireOperation[],
  options: { mapPath?: (sheetPath: string) => string; deviations?: Deviation[] } = {},
): Comparison {
  const mapPath = options.mapPath ?? ((p: string) => p)
  const deviations = options.deviations ?? []
  const used = new Set<Deviation>()
  const result: Comparison = {
    total: 0,
    matched: 0,
    deviated: [],
    unmatched: [],
    unusedDeviations: [],
    share: 0,
  }
  for (const sop of operations) {
    const path = mapPath(sop.path)
    const item = doc.paths?.[path]
    const op = item && METHODS.includes(sop.method) ? item[sop.method] : undefined
    for (const body of sop.bodies) {
      const schema = op ? bodySchema(doc, op, body.at, body.contentType) : undefined
      const root = schema === undefined ? undefined : expand(doc, schema)
      for (const entry of body.entries) {
        // Walk our schema along the entry's path.
        let view = root
        let exists = view !== undefined
        let required = false
        for (const seg of segments(entry.path)) {
          if (!view || !exists) break
          const s = step(doc, view, seg)
          view = s.view
          exists = s.exists
          required = s.required
        }
        const ours = exists && view ? summarize(view) : undefined
        for (const { kind, expected } of factsOf(entry)) {
          let actual: unknown
          let ok: boolean
          if (!op) {
            ok = false
            actual = 'no such operation'
          } else if (root === undefined) {
            ok = false
            actual = `no ${body.at} body`
          } else if (!exists || !ours) {
            ok = false
            actual = 'missing'
          } else if (kind === 'exists') {
            ok = true
          } else if (kind === 'type') {
            actual = ours.types ?? 'any'
            ok = ours.types !== undefined && sameSet(ours.types, expected as string[])
          } else if (kind === 'enum') {
            actual = ours.enum ?? 'no value list'
            ok = ours.enum !== undefined && sameSet(ours.enum, expected as unknown[])
          } else {
            actual = required
            ok = body.at === 'request' ? required === expected : !expected || required
          }
          result.total++
          if (ok) {
            result.matched++
            continue
          }
          const fact: UnmatchedFact = {
            method: sop.method,
            path,
            at: body.at,
            property: entry.path,
            kind,
            expected,
            actual,
          }
          const excuse = deviations.find((d) => deviationMatches(d, fact))
          if (excuse) {
            used.add(excuse)
            result.deviated.push({ fact, line: excuse.line })
          } else result.unmatched.push(fact)
        }
      }
    }
  }
  result.unusedDeviations = deviations.filter((d) => !used.has(d))
  result.share = result.total ? (result.matched + result.deviated.length) / result.total : 1
  return result
}

export function describeFact(f: UnmatchedFact): string {
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
  const prop = f.property === '' ? '(body)' : f.property
  return `${f.method.toUpperCase()} ${f.path} ${f.at} ${prop} ${f.kind}: sheet ${show(f.expected)}, ours ${show(f.actual)}`
}
