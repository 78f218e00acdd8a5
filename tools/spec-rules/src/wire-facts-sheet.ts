/**
 * Reads a reference sheet (`<api>-api-surface.md`: `## Operations` with one `### METHOD /path`
 * block each, `## Schemas` with one `### Name` block each, fields as `` - `name`: type
 * **required**; limits ``) into JSON Schema, and from there into wire facts (`wire-facts.ts`).
 *
 * Type notation of the sheet: `string`, `integer|null`, `['object', 'null']`, `any`, `→Name`,
 * `array<T>`, `oneOf(T | T)`, `anyOf(T | null)`, `allOf(T & T)`; `; nullable` adds `null`;
 * `; enum "a", "b"` gives the values; `; map of string` types the values of a map. Fields of an
 * inline `object` are the indented lines below it; `(allOf #n)` / `(oneOf #n)` lines group the
 * fields of the n-th member or branch. A field named `<…>` stands for undeclared keys.
 *
 * Sections other than those two (prose) are not read.
 */
import { countFacts, enumerate } from './wire-facts-entries.js'
import type { Json, WireBody, WireFactsFile, WireOperation } from './wire-facts-types.js'

interface Line {
  text: string
  item: boolean
  children: Line[]
}

/** Lines into a tree by indentation; `- ` items and plain lines alike. */
function tree(lines: string[]): Line[] {
  const root: Line = { text: '', item: false, children: [] }
  const stack: { indent: number; node: Line }[] = [{ indent: -1, node: root }]
  for (const raw of lines) {
    if (!raw.trim()) continue
    const indent = raw.length - raw.trimStart().length
    const trimmed = raw.trim()
    const item = trimmed.startsWith('- ')
    const node: Line = { text: item ? trimmed.slice(2) : trimmed, item, children: [] }
    while ((stack.at(-1) as { indent: number }).indent >= indent) stack.pop()
    ;(stack.at(-1) as { node: Line }).node.children.push(node)
    stack.push({ indent, node })
  }
  return root.children
}

// ---- type expressions ------------------------------------------------------------------------

type TypeExpr =
  | { kind: 'prim'; types: string[] }
  | { kind: 'any' }
  | { kind: 'ref'; name: string }
  | { kind: 'array'; item: TypeExpr }
  | { kind: 'oneOf' | 'anyOf' | 'allOf'; members: TypeExpr[] }

export function parseType(text: string): TypeExpr {
  let i = 0
  const s = text.trim()
  const fail = (): never => {
    throw new Error(`cannot read type expression ${JSON.stringify(text)} at ${i}`)
  }
  const expr = (): TypeExpr => {
    for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
      if (s.startsWith(`${kind}(`, i)) {
        i += kind.length + 1
        const members = [expr()]
        while (s.startsWith(' | ', i) || s.startsWith(' & ', i)) {
          i += 3
          members.push(expr())
        }
        if (s[i] !== ')') fail()
        i++
        return { kind, members }
      }
    }
    if (s.startsWith('array<', i)) {
      i += 6
      const item = expr()
      if (s[i] !== '>') fail()
      i++
      return { kind: 'array', item }
    }
    if (s.startsWith('→', i)) {
      i += 1
      const m = /^\w+/.exec(s.slice(i)) ?? fail()
      i += m[0].length
      return { kind: 'ref', name: m[0] }
    }
    if (s[i] === '[') {
      const end = s.indexOf(']', i)
      if (end < 0) fail()
      const types = [...s.slice(i, end).matchAll(/'(\w+)'/g)].map((m) => m[1] as string)
      i = end + 1
      return { kind: 'prim', types }
    }
    const m = /^[a-z]+(?:\|[a-z]+)*/.exec(s.slice(i)) ?? fail()
    i += m[0].length
    if (m[0] === 'any') return { kind: 'any' }
    return { kind: 'prim', types: m[0].split('|') }
  }
  const out = expr()
  if (i !== s.length) fail()
  return out
}

// ---- fields and schemas ----------------------------------------------------------------------

const VALUE = String.raw`"(?:[^"\\]|\\.)*"|true|false|-?\d+(?:\.\d+)?`
const ENUM = new RegExp(`(?:^|; )enum ((?:${VALUE})(?:, (?:${VALUE}))*)`)

function enumValues(attrs: string): unknown[] | undefined {
  const m = ENUM.exec(attrs)
  if (!m) return undefined
  return [...(m[1] as string).matchAll(new RegExp(VALUE, 'g'))].map((v) => JSON.parse(v[0]))
}

function addNull(schema: Json): Json {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] }
  if (Array.isArray(schema.type))
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] }
  return { anyOf: [schema, { type: 'null' }] }
}

/** Applies `; enum …`, `; nullable`, `; map of T`, `; no extra properties` to a schema. */
function applyAttributes(schema: Json, attrs: string): Json {
  let out = schema
  const values = enumValues(attrs)
  if (values) out = { ...out, enum: values }
  const map = /(?:^|; )map of (\w+)/.exec(attrs)
  if (map) out = { ...out, additionalProperties: { type: map[1] } }
  if (/(?:^|; )no extra properties(?:;|$)/.test(attrs)) out = { ...out, additionalProperties: false }
  if (/(?:^|; )nullable(?:;|$)/.test(attrs)) out = addNull(out)
  return out
}

function groupOf(line: Line): { kind: 'allOf' | 'oneOf' | 'anyOf'; index: number } | undefined {
  const m = /^\((allOf|oneOf|anyOf) #(\d+)\)$/.exec(line.text)
  return m ? { kind: m[1] as 'allOf' | 'oneOf' | 'anyOf', index: Number(m[2]) } : undefined
}

/** An object schema from field lines and `(allOf|oneOf #n)` group lines. */
function objectSchema(lines: Line[]): Json {
  const properties: Record<string, Json> = {}
  const required: string[] = []
  const allOf: Json[] = []
  const oneOf: Json[] = []
  let additional: Json
  for (const line of lines) {
    if (!line.item) continue
    const group = groupOf(line)
    if (group) {
      ;(group.kind === 'allOf' ? allOf : oneOf).push(objectSchema(line.children))
      continue
    }
    const f = field(line)
    if (f.name.startsWith('<')) additional = f.schema
    else {
      properties[f.name] = f.schema
      if (f.required) required.push(f.name)
    }
  }
  const out: Json = { type: 'object' }
  if (Object.keys(properties).length) out.properties = properties
  if (required.length) out.required = required
  if (additional) out.additionalProperties = additional
  if (allOf.length) out.allOf = allOf
  if (oneOf.length) out.oneOf = oneOf
  return out
}

/** The schema of a type expression, the inline object fields (and groups) attached. */
function typeSchema(t: TypeExpr, children: Line[]): Json {
  switch (t.kind) {
    case 'any':
      return children.some((c) => c.item) ? objectSchema(children) : {}
    case 'prim':
      if (t.types.includes('object') && children.some((c) => c.item)) {
        const obj = objectSchema(children)
        return { ...obj, type: t.types.length === 1 ? 'object' : t.types }
      }
      return { type: t.types.length === 1 ? t.types[0] : t.types }
    case 'ref':
      return { $ref: `#/components/schemas/${t.name}` }
    case 'array':
      return { type: 'array', items: typeSchema(t.item, children) }
    default: {
      const groups = children.filter((c) => c.item && groupOf(c))
      const members = t.members.map((m, i) => {
        const own = groups.find((g) => groupOf(g)?.index === i + 1)
        if (own) return typeSchema(m, own.children)
        // Without groups the fields belong to the (only) inline object member.
        const inline = !groups.length && m.kind === 'prim' && m.types.includes('object')
        return typeSchema(m, inline ? children : [])
      })
      return { [t.kind]: members }
    }
  }
}

function field(line: Line): { name: string; required: boolean; schema: Json } {
  const m = /^`([^`]*)`: (.*)$/.exec(line.text)
  if (!m) throw new Error(`cannot read field line ${JSON.stringify(line.text)}`)
  let rest = m[2] as string
  const required = rest.includes(' **required**')
  rest = rest.replace(' **required**', '')
  const semi = rest.indexOf(';')
  const typeText = semi < 0 ? rest : rest.slice(0, semi)
  const attrs = semi < 0 ? '' : rest.slice(semi + 1).trim()
  const schema = applyAttributes(typeSchema(parseType(typeText), line.children), attrs)
  return { name: (m[1] as string).trim(), required, schema }
}

/** `type: X; attrs` followed by its field lines (siblings), as in a body or a schema block. */
function typedBlock(lines: Line[]): Json {
  const head = lines.find((l) => !l.item && l.text.startsWith('type: '))
  if (!head) throw new Error(`no type line in ${JSON.stringify(lines.map((l) => l.text))}`)
  const text = head.text.slice(6)
  const semi = text.indexOf(';')
  const typeText = semi < 0 ? text : text.slice(0, semi)
  const attrs = semi < 0 ? '' : text.slice(semi + 1).trim()
  const fields = lines.filter((l) => l.item)
  return applyAttributes(typeSchema(parseType(typeText), fields), attrs)
}

// ---- the sheet -------------------------------------------------------------------------------

export interface SheetBody {
  at: string
  contentType?: string
  schema: Json
}
export interface SheetOperationSchemas {
  method: string
  path: string
  operationId?: string
  bodies: SheetBody[]
}

/** The sheet as a JSON Schema document (`components.schemas`) and its operations' bodies. */
export function readSheet(markdown: string): { doc: Json; operations: SheetOperationSchemas[] } {
  const schemas: Record<string, Json> = {}
  const operations: SheetOperationSchemas[] = []
  let section = ''
  let block: { title: string; lines: string[] } | undefined
  const flush = (): void => {
    if (!block) return
    const lines = tree(block.lines)
    if (section === 'Operations') operations.push(operation(block.title, lines))
    else if (section === 'Schemas') schemas[block.title] = typedBlock(lines)
    block = undefined
  }
  for (const raw of markdown.split('\n')) {
    const h2 = /^## (.*)$/.exec(raw)
    if (h2) {
      flush()
      section = (h2[1] as string).trim()
      continue
    }
    const h3 = /^### (.*)$/.exec(raw)
    if (h3) {
      flush()
      block = { title: (h3[1] as string).trim(), lines: [] }
      continue
    }
    block?.lines.push(raw)
  }
  flush()
  return { doc: { components: { schemas } }, operations }
}

function operation(title: string, lines: Line[]): SheetOperationSchemas {
  const m = /^([A-Z]+) (\S+)$/.exec(title)
  if (!m) throw new Error(`cannot read operation title ${JSON.stringify(title)}`)
  const op: SheetOperationSchemas = {
    method: (m[1] as string).toLowerCase(),
    path: m[2] as string,
    bodies: [],
  }
  for (const line of lines) {
    const id = /^operationId `([^`]+)`/.exec(line.text)
    if (id) op.operationId = id[1]
    const rb = /^request body \(([^)]+)\)( \*\*required\*\*)?:\s*(.*)$/.exec(line.text)
    if (rb) {
      const schema = rb[3] ? typeSchema(parseType(rb[3]), []) : typedBlock(line.children)
      op.bodies.push({ at: 'request', contentType: rb[1], schema })
    }
    const rs = /^response (\d{3}|default)(?: \(([^)]+)\))?:\s*(.*)$/.exec(line.text)
    if (rs) {
      const inline = (rs[3] as string).trim()
      if (inline === 'no body' || (!inline && !line.children.length)) continue
      const schema = inline ? typeSchema(parseType(inline), []) : typedBlock(line.children)
      op.bodies.push({ at: `response ${rs[1]}`, contentType: rs[2], schema })
    }
  }
  return op
}

export const WIRE_FACTS_DEFINITION =
  'For every operation of the sheet and every request or response body it gives a schema for, every ' +
  'property path of the body (dotted; `[]` = array items, `*` = map values / undeclared keys; `$ref`s ' +
  'followed, allOf merged, oneOf/anyOf branches unioned) is an entry. Its facts: exists (not for the body ' +
  'itself); type (the set of JSON types, null included when nullable; when the sheet gives a type); enum ' +
  '(the value list without null, as a set; when the sheet gives one); required (request bodies: true or ' +
  'false; response bodies: only when the sheet marks the field required).'

export function extractWireFacts(markdown: string, source: string, extractedBy: string): WireFactsFile {
  const sheet = readSheet(markdown)
  const operations: WireOperation[] = sheet.operations.map((op) => ({
    method: op.method,
    path: op.path,
    ...(op.operationId ? { operationId: op.operationId } : {}),
    bodies: op.bodies.map(
      (b): WireBody => ({
        at: b.at,
        ...(b.contentType ? { contentType: b.contentType } : {}),
        entries: enumerate(sheet.doc, b.schema, b.at === 'request' ? 'request' : 'response'),
      }),
    ),
  }))
  const { entries, facts } = countFacts(operations)
  return {
    source,
    extractedBy,
    definition: WIRE_FACTS_DEFINITION,
    counts: { operations: operations.length, entries, facts },
    operations,
  }
}
