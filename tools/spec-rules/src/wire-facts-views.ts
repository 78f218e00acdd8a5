import type { Json } from './wire-facts-types.js'

// Views of a schema: a list of alternatives, each the conjunction of the schema objects that all
// apply (allOf members, a $ref's target and its siblings). oneOf/anyOf add alternatives.

export type Conj = Json[]
export type View = Conj[]

const MAX_ALTERNATIVES = 400

export function isObject(x: unknown): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

export function pointer(doc: Json, ref: string): Json {
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

export function possible(conj: Conj): boolean {
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
