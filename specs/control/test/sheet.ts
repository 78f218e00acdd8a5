/**
 * Parser of the reference sheet (`../shared/reference/control-api-surface.md`): the operation
 * list and the "- `field`: type **required**; constraint; …" lines of its Schemas section.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const specDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const repoRoot = path.resolve(specDir, '../..')
export const sheetPath = path.resolve(repoRoot, '../shared/reference/control-api-surface.md')

export interface SheetResponse {
  status: string
  contentType: string
  schema: string
}
export interface SheetOperation {
  method: string
  path: string
  operationId: string
  tag: string
  /** `undefined` when the sheet lists no security (the document default applies). */
  security: unknown[] | undefined
  deprecated: boolean
  requestSchema: string | undefined
  responses: SheetResponse[]
}
export type Constraints = Record<string, unknown>
export interface SheetField {
  name: string
  type: string
  required: boolean
  constraints: Constraints
}
export interface SheetSchema {
  name: string
  type: string | string[]
  closed: boolean
  constraints: Constraints
  fields: SheetField[]
}

export function readSheet(): string {
  return readFileSync(sheetPath, 'utf8')
}

function sections(text: string): { ops: string; schemas: string } {
  const [ops, schemas] = text.split('\n## Schemas\n')
  if (ops === undefined || schemas === undefined) throw new Error('sheet has no Schemas section')
  return { ops, schemas }
}

export function parseOperations(text = readSheet()): SheetOperation[] {
  const blocks = sections(text).ops.split('\n### ').slice(1)
  return blocks.map((block) => {
    const lines = block.trim().split('\n')
    const [method = '', p = ''] = (lines[0] ?? '').split(' ')
    const op: SheetOperation = {
      method,
      path: p,
      operationId: '',
      tag: '',
      security: undefined,
      deprecated: false,
      requestSchema: undefined,
      responses: [],
    }
    for (const line of lines.slice(1)) {
      let m = /^- operationId `([^`]+)`; tags (\w+)(.*)$/.exec(line)
      if (m) {
        op.operationId = m[1] as string
        op.tag = m[2] as string
        const rest = m[3] as string
        const sec = /security (\[.*?\])(;|$)/.exec(rest)
        if (sec) op.security = JSON.parse(sec[1] as string)
        op.deprecated = /\bdeprecated\b/.test(rest)
        continue
      }
      m = /^\s+type: →(\w+)/.exec(line)
      if (m) op.requestSchema = m[1]
      m = /^- response (\d+) \(([^)]+)\): →(\w+)/.exec(line)
      if (m)
        op.responses.push({ status: m[1] as string, contentType: m[2] as string, schema: m[3] as string })
    }
    return op
  })
}

/** Splits "a; b; pattern \"x;y\"" on `; ` outside double quotes. */
function splitParts(spec: string): string[] {
  const parts: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i]
    if (c === '"' && spec[i - 1] !== '\\') quoted = !quoted
    if (!quoted && spec.startsWith('; ', i)) {
      parts.push(cur)
      cur = ''
      i++
      continue
    }
    cur += c
  }
  parts.push(cur)
  return parts
}

function parseConstraints(parts: string[]): { constraints: Constraints; closed: boolean } {
  const constraints: Constraints = {}
  let closed = false
  for (const raw of parts) {
    const part = raw.trim()
    if (part === 'no extra properties') {
      closed = true
      continue
    }
    if (part === 'deprecated') {
      constraints.deprecated = true
      continue
    }
    const space = part.indexOf(' ')
    const key = part.slice(0, space)
    const value = part.slice(space + 1)
    constraints[key] = key === 'enum' ? JSON.parse(`[${value}]`) : JSON.parse(value)
  }
  return { constraints, closed }
}

export function parseSchemas(text = readSheet()): Map<string, SheetSchema> {
  const out = new Map<string, SheetSchema>()
  for (const block of `\n${sections(text).schemas}`.split('\n### ').slice(1)) {
    const lines = block.trimEnd().split('\n')
    const name = (lines[0] ?? '').trim()
    const header = (lines[1] ?? '').replace(/^type: /, '')
    let type: string | string[]
    let rest: string[]
    if (header.startsWith('[')) {
      const end = header.indexOf(']')
      type = JSON.parse(header.slice(0, end + 1).replaceAll("'", '"'))
      rest = splitParts(header.slice(end + 1).replace(/^; /, '')).filter(Boolean)
    } else {
      const parts = splitParts(header)
      type = parts[0] as string
      rest = parts.slice(1)
    }
    const { constraints, closed } = parseConstraints(rest)
    const fields: SheetField[] = []
    for (const line of lines.slice(2)) {
      const m = /^\s*- `([^`]+)`: (.*)$/.exec(line)
      if (!m) continue
      const parts = splitParts(m[2] as string)
      let t = parts[0] as string
      const required = t.endsWith(' **required**')
      if (required) t = t.slice(0, -' **required**'.length)
      fields.push({ name: m[1] as string, type: t, required, ...parseConstraints(parts.slice(1)) })
    }
    out.set(name, { name, type, closed, constraints, fields })
  }
  return out
}
