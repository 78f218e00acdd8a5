/**
 * Wire facts: what a public API's reference sheet states about the JSON bodies on the wire, one
 * fact at a time, and how many of them a bundled OpenAPI document keeps.
 *
 * For every operation of the sheet and every request or response body it gives a schema for,
 * every property path of the body (dotted; `[]` steps into array items, `*` into the values of a
 * map or of undeclared keys, e.g. `data[].metadata.language`) is an entry with these facts:
 *
 * - `exists`: the path is declared;
 * - `type`: its JSON types (`string`, `number`, `integer`, `boolean`, `object`, `array`, `null`),
 *   compared as a set (a sheet field `string; nullable` is `string | null`; `oneOf(string |
 *   array<string>)` is `array | string`); stated when the sheet gives a type (not for `any`);
 * - `enum`: its value list (without `null`), compared as a set; when the sheet gives one;
 * - `required`: in request bodies whether it is required (true or false, both matter: a spec
 *   that requires an optional field refuses valid requests); in response bodies only when the
 *   sheet marks it required (answering an optional field always is a valid answer).
 *
 * Compositions are looked through the same way on both sides: `$ref`s are followed, `allOf`
 * members are merged, and `oneOf`/`anyOf` branches are unioned (a path exists when one branch
 * declares it; its types and values are those of all branches; it is required when every branch
 * that declares it requires it).
 */

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON Schema / OpenAPI documents are untyped JSON
export type Json = any

export interface WireEntry {
  /** Dotted property path; `''` is the body itself. */
  path: string
  /** Sorted JSON types; absent when the sheet does not constrain the type (`any`). */
  types?: string[]
  /** The value list, when the sheet gives one. */
  enum?: unknown[]
  /** See the module comment for when it is stated. */
  required?: boolean
}

export interface WireBody {
  /** `request` or `response <status>`. */
  at: string
  contentType?: string
  entries: WireEntry[]
}

export interface WireOperation {
  /** Lower case, as in OpenAPI. */
  method: string
  /** As the sheet writes it. */
  path: string
  operationId?: string
  bodies: WireBody[]
}

export interface WireFactsFile {
  source: string
  extractedBy: string
  definition: string
  counts: { operations: number; entries: number; facts: number }
  operations: WireOperation[]
}

export type FactKind = 'exists' | 'type' | 'enum' | 'required'

export interface Fact {
  method: string
  /** The path as our document writes it. */
  path: string
  at: string
  property: string
  kind: FactKind
  expected: unknown
}

export interface UnmatchedFact extends Fact {
  actual: unknown
}

// ---------------------------------------------------------------------------------------------
// Views of a schema: a list of alternatives, each the conjunction of the schema objects that all
// apply (allOf members, a $ref's target and its siblings). oneOf/anyOf add alternatives.

type Conj = Json[]
type View = Conj[]

const MAX_ALTERNATIVES = 400

function isObject(x: unknown): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function pointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`)
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node: Json, key) => (node === undefined ? undefined : node[key]), doc)
}

function cross(a: View, b: View): View {
  const out: View = []
  for (const x of a) for (const y of b) if (out.length < MAX_ALTERNATIVES) out.push([...x, ...y])
  return out
}

export function expand(doc: Json, schema: Json, refs: string[] = []): View {
  if (schema === false) return []
  if (!isObject(schema)) return [[{}]]
  const { allOf, oneOf, anyOf, $ref, ...own } = schema
  let view: View = [[own]]
  if (typeof $ref === 'string') {
    if (refs.includes($ref)) return view // a cycle: stop (the caller only walks finite paths)
    const target = pointer(doc, $ref)
    if (target === undefined) throw new Error(`unresolved reference ${$ref}`)
    view = cross(view, expand(doc, target, [...refs, $ref]))
  }
  for (const member of Array.isArray(allOf) ? allOf : []) view = cross(view, expand(doc, member, refs))
  for (const branches of [oneOf, anyOf]) {
    if (Array.isArray(branches))
      view = cross(
        view,
        branches.flatMap((b: Json) => expand(doc, b, refs)),
      )
  }
  return view
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function statedTypes(o: Json): Set<string> | undefined {
  if (typeof o.type === 'string') return new Set([o.type])
  if (Array.isArray(o.type)) return new Set(o.type)
  if ('const' in o) return new Set([jsonType(o.const)])
  if (Array.isArray(o.enum)) return new Set(o.enum.map(jsonType))
  return undefined
}

function intersect(a: Set<string>, b: Set<string>): Set<string> {
  const out = new Set<string>()
  for (const t of a) {
    if (b.has(t)) out.add(t)
    else if (t === 'integer' && b.has('number')) out.add('integer')
    else if (t === 'number' && b.has('integer')) out.add('integer')
  }
  return out
}

/** The types a conjunction allows; undefined for any type. */
function conjTypes(conj: Conj): Set<string> | undefined {
  let types: Set<string> | undefined
  for (const o of conj) {
    const t = statedTypes(o)
    if (t) types = types ? intersect(types, t) : t
  }
  if (types) return types
  // No type stated: an object or array by its keywords (the shape the writer meant).
  if (conj.some((o) => 'properties' in o || 'required' in o || 'additionalProperties' in o))
    return new Set(['object'])
  if (conj.some((o) => 'items' in o || 'prefixItems' in o)) return new Set(['array'])
  return undefined
}

function possible(conj: Conj): boolean {
  const t = conjTypes(conj)
  return t === undefined || t.size > 0
}

function conjEnum(conj: Conj): unknown[] | undefined {
  let values: unknown[] | undefined
  for (const o of conj) {
    const v = 'const' in o ? [o.const] : Array.isArray(o.enum) ? o.enum : undefined
    if (!v) continue
    values = values ? values.filter((x) => v.some((y: unknown) => Object.is(x, y))) : v
  }
  return values
}

export interface Summary {
  types: string[] | undefined
  enum: unknown[] | undefined
}

export function summarize(view: View): Summary {
  const alts = view.filter(possible)
  let types: Set<string> | undefined = new Set()
  for (const conj of alts) {
    const t = conjTypes(conj)
    if (!t) {
      types = undefined
      break
    }
    for (const x of t) types.add(x)
  }
  let values: unknown[] | undefined = []
  for (const conj of alts) {
    const t = conjTypes(conj)
    if (t && t.size === 1 && t.has('null')) continue // a nullable wrapper's null branch
    const e = conjEnum(conj)
    if (!e) {
      values = undefined
      break
    }
    for (const x of e) if (x !== null && !values.some((y) => Object.is(x, y))) values.push(x)
  }
  return {
    types: types ? [...types].sort() : undefined,
    enum: values?.length ? sortValues(values) : undefined,
  }
}

function sortValues(values: unknown[]): unknown[] {
  return [...values].sort((a, b) => String(a).localeCompare(String(b)))
}

export interface Step {
  view: View
  exists: boolean
  required: boolean
}

/** One step along a property path: a property name, `[]` (array items) or `*` (map values). */
export function step(doc: Json, view: View, segment: string): Step {
  const out: View = []
  let present = 0
  let requiredEverywhere = true
  for (const conj of view.filter(possible)) {
    if (segment === '[]') {
      const t = conjTypes(conj)
      if (t && !t.has('array')) continue
      const items = conj.filter((o) => 'items' in o).map((o) => o.items)
      if (!items.length && !t) continue
      present++
      out.push(...items.reduce((acc: View, s: Json) => cross(acc, expand(doc, s)), [[]] as View))
    } else if (segment === '*') {
      const t = conjTypes(conj)
      if (t && !t.has('object')) continue
      if (conj.some((o) => o.additionalProperties === false || o.unevaluatedProperties === false)) continue
      present++
      const values = conj.filter((o) => isObject(o.additionalProperties)).map((o) => o.additionalProperties)
      out.push(...values.reduce((acc: View, s: Json) => cross(acc, expand(doc, s)), [[]] as View))
    } else {
      const schemas = conj
        .filter((o) => isObject(o.properties) && segment in o.properties)
        .map((o) => o.properties[segment])
      if (!schemas.length) continue
      present++
      if (!conj.some((o) => Array.isArray(o.required) && o.required.includes(segment)))
        requiredEverywhere = false
      out.push(...schemas.reduce((acc: View, s: Json) => cross(acc, expand(doc, s)), [[]] as View))
    }
  }
  return { view: out, exists: present > 0, required: present > 0 && requiredEverywhere }
}

export function segments(propertyPath: string): string[] {
  if (propertyPath === '') return []
  const out: string[] = []
  for (const part of propertyPath.split('.')) {
    const m = /^(.*?)((?:\[\])*)$/.exec(part) as RegExpExecArray
    if (m[1]) out.push(m[1] as string)
    for (let i = 0; i < (m[2] as string).length / 2; i++) out.push('[]')
  }
  return out
}

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

// ---------------------------------------------------------------------------------------------
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

export interface Deviation {
  /** `*` or `METHOD /path` (our path). */
  operation: string
  /** `any`, `request` or `response <status>`. */
  at: string
  property: string
  kind: FactKind
  reason: string
  line: string
}

export function deviationMatches(d: Deviation, f: Fact): boolean {
  return (
    (d.operation === '*' || d.operation === `${f.method.toUpperCase()} ${f.path}`) &&
    (d.at === 'any' || d.at === f.at) &&
    d.property === f.property &&
    d.kind === f.kind
  )
}

const DEVIATION_LINE =
  /^- `(\*|[A-Z]+ \/\S*)` (any|request|response \d{3}|response default) `([^`]*)` (exists|type|enum|required): (\S.*)$/

/**
 * The `## Wire fact differences` section of a DEVIATIONS.md: one line per fact we differ on on
 * purpose, ``- `POST /v2/search` request `sources[]` type: why`` (`*` for every operation, `any`
 * for every body). Returns the parsed lines and
 * the lines of the section that do not parse (a missing reason, a typo).
 */
export function parseDeviations(markdown: string): { deviations: Deviation[]; malformed: string[] } {
  const deviations: Deviation[] = []
  const malformed: string[] = []
  let inSection = false
  for (const line of markdown.split('\n')) {
    if (/^## /.test(line)) {
      inSection = /^## Wire fact differences\s*$/.test(line)
      continue
    }
    if (!inSection || !line.startsWith('- ')) continue
    const m = DEVIATION_LINE.exec(line)
    if (!m) {
      malformed.push(line)
      continue
    }
    deviations.push({
      operation: m[1] as string,
      at: m[2] as string,
      property: m[3] as string,
      kind: m[4] as FactKind,
      reason: m[5] as string,
      line,
    })
  }
  return { deviations, malformed }
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
