/**
 * A small parser of the reference sheet (`../shared/reference/web-data-api-surface.md`).
 *
 * It reads the "Operations" and "Schemas" sections, whose lines look like
 *   - `field`: type; constraint; constraint **required**
 * nested by two-space indentation, with `(allOf #n)` / `(oneOf #n)` group lines.
 * Pragmatic by design: it keeps what the wire-compatibility test compares (names,
 * requiredness, enums, limits, formats, references) and nothing else.
 */
import { readFileSync } from 'node:fs'

export interface Constraints {
  format?: string
  enum?: string[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  nullable?: boolean
  /** Raw text of a stated default (JSON where it parses). */
  default?: string
  /** `map of string` / `no extra properties`. */
  mapOfString?: boolean
  closed?: boolean
}

export interface Field {
  name: string
  type: string
  required: boolean
  constraints: Constraints
  node: Node
}

/** A schema as the sheet states it: own fields plus composition groups. */
export interface Node {
  /** Raw type text, e.g. `object`, `array<string>`, `→ScrapeOptions`. */
  type: string
  ref?: string
  fields: Field[]
  groups: { kind: 'allOf' | 'oneOf'; index: number; node: Node }[]
  constraints: Constraints
}

export interface SheetParam {
  name: string
  in: string
  required: boolean
  type: string
  constraints: Constraints
}

export interface SheetResponse {
  status: string
  contentType?: string
  noBody: boolean
  schema?: Node
}

export interface SheetOperation {
  method: string
  path: string
  operationId?: string
  tags: string[]
  params: SheetParam[]
  requestBody?: { contentType: string; required: boolean; schema: Node }
  responses: SheetResponse[]
}

export interface Sheet {
  operations: SheetOperation[]
  schemas: Record<string, Node>
  text: string
}

const FIELD_RE = /^- `([^`]+)`: (.*)$/

function parseConstraints(parts: string[]): Constraints {
  const c: Constraints = {}
  for (const raw of parts) {
    const p = raw.trim()
    const format = p.match(/^format "(.*)"$/)
    const en = p.match(/^enum (.*)$/)
    const limit = p.match(/^(minimum|maximum|minLength|maxLength|minItems|maxItems) (-?[\d.]+)$/)
    const pattern = p.match(/^pattern "(.*)"$/)
    const def = p.match(/^default (.*)$/)
    if (format) c.format = format[1]
    else if (en) c.enum = [...en[1].matchAll(/"([^"]*)"/g)].map((x) => x[1])
    else if (limit) (c as Record<string, number>)[limit[1]] = Number(limit[2])
    else if (pattern) c.pattern = pattern[1]
    else if (p === 'nullable') c.nullable = true
    else if (def) c.default = def[1]
    else if (p === 'map of string') c.mapOfString = true
    else if (p === 'no extra properties') c.closed = true
  }
  return c
}

function splitTypeLine(text: string): {
  type: string
  required: boolean
  constraints: Constraints
} {
  let t = text.trim()
  let required = false
  if (t.includes(' **required**')) {
    required = true
    t = t.replace(' **required**', '').trim()
  }
  const parts = t.split('; ')
  return {
    type: parts[0].trim(),
    required,
    constraints: parseConstraints(parts.slice(1)),
  }
}

function refOf(type: string): string | undefined {
  const m = type.match(/^(?:array<)?(?:allOf\()?→(\w+)/)
  return m ? m[1] : undefined
}

function emptyNode(type: string, constraints: Constraints = {}): Node {
  return { type, ref: refOf(type), fields: [], groups: [], constraints }
}

/** Parses indented lines (already de-indented to a base of 0) into a node's children. */
function parseChildren(lines: string[], node: Node): void {
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    if (!line.trim()) {
      i++
      continue
    }
    // collect the child block (lines indented deeper than this one)
    const block: string[] = []
    let j = i + 1
    while (j < lines.length && (lines[j].startsWith('  ') || !lines[j].trim())) {
      block.push(lines[j].slice(2))
      j++
    }
    const group = line.match(/^- \((allOf|oneOf) #(\d+)\)$/)
    const field = line.match(FIELD_RE)
    if (group) {
      const g = emptyNode('object')
      parseChildren(block, g)
      node.groups.push({
        kind: group[1] as 'allOf' | 'oneOf',
        index: Number(group[2]),
        node: g,
      })
    } else if (field) {
      const { type, required, constraints } = splitTypeLine(field[2])
      const child = emptyNode(type, constraints)
      parseChildren(block, child)
      node.fields.push({
        name: field[1],
        type,
        required,
        constraints,
        node: child,
      })
    }
    i = j
  }
}

/** Parses a `type: …` line followed by field lines at the same indentation. */
function parseSchemaBlock(lines: string[]): Node {
  const first = lines[0]?.trim() ?? ''
  const m = first.match(/^type: (.*)$/)
  const { type, constraints } = splitTypeLine(m ? m[1] : 'object')
  const node = emptyNode(type, constraints)
  parseChildren(m ? lines.slice(1) : lines, node)
  return node
}

export function parseSheet(path: string): Sheet {
  const text = readFileSync(path, 'utf8')
  const lines = text.split('\n')
  const operations: SheetOperation[] = []
  const schemas: Record<string, Node> = {}
  let section = ''
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    if (line.startsWith('## ')) {
      section = line.slice(3).trim()
      i++
      continue
    }
    const opHead = section === 'Operations' && line.match(/^### (GET|POST|PUT|PATCH|DELETE) (\S+)$/)
    const schemaHead = section === 'Schemas' && line.match(/^### (\w+)$/)
    if (!opHead && !schemaHead) {
      i++
      continue
    }
    const body: string[] = []
    let j = i + 1
    while (j < lines.length && !lines[j].startsWith('#')) body.push(lines[j++])
    i = j
    if (schemaHead) {
      schemas[schemaHead[1]] = parseSchemaBlock(body.filter((l) => l.trim()))
      continue
    }
    if (!opHead) continue
    const op: SheetOperation = {
      method: opHead[1].toLowerCase(),
      path: opHead[2],
      tags: [],
      params: [],
      responses: [],
    }
    let k = 0
    while (k < body.length) {
      const l = body[k]
      const nested: string[] = []
      let n = k + 1
      while (
        n < body.length &&
        (body[n].startsWith('  ') || (!body[n].trim() && n + 1 < body.length && body[n + 1].startsWith('  ')))
      ) {
        nested.push(body[n].slice(2))
        n++
      }
      const mId = l.match(/^- operationId `(\w+)`; tags ([^;]+);/)
      const mParam = l.match(/^- param `(\w+)` in (\w+): (.*)$/)
      const mBody = l.match(/^- request body \(([^)]+)\)( \*\*required\*\*)?:$/)
      const mRes = l.match(/^- response (\d{3})(?: \(([^)]+)\))?: ?(.*)$/)
      let m: RegExpMatchArray | null = mId
      if (m) {
        op.operationId = m[1]
        op.tags = m[2].split(',').map((t) => t.trim())
      } else if (mParam) {
        m = mParam
        const { type, required, constraints } = splitTypeLine(m[3])
        op.params.push({ name: m[1], in: m[2], required, type, constraints })
      } else if (mBody) {
        m = mBody
        op.requestBody = {
          contentType: m[1],
          required: Boolean(m[2]),
          schema: parseSchemaBlock(nested.filter((x) => x.trim())),
        }
      } else if (mRes) {
        m = mRes
        const rest = m[3].trim()
        const res: SheetResponse = {
          status: m[1],
          contentType: m[2],
          noBody: rest === 'no body',
        }
        if (rest.startsWith('→')) res.schema = emptyNode(rest)
        else if (!res.noBody) res.schema = parseSchemaBlock(nested.filter((x) => x.trim()))
        op.responses.push(res)
      }
      k = n
    }
    operations.push(op)
  }
  return { operations, schemas, text }
}
