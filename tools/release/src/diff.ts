/**
 * OpenAPI diff and classification.
 *
 * The structural diff and its first classification come from `api-smart-diff` (it resolves `$ref`s
 * and knows OpenAPI 3.0/3.1 semantics: a field added to a request is breaking only when required, a
 * narrowed enum in a request is breaking, a removed operation is breaking, …). On top of it we apply
 * our own policy (see README.md, "Classification"), and turn each change into a line that names the
 * operation and the field, for the gate's report and the changelog.
 */
import { apiCompare } from 'api-smart-diff'

export type Severity = 'breaking' | 'non-breaking' | 'documentation'

export interface SpecChange {
  severity: Severity
  /** `operationId` (or `METHOD path` when it has none); `undefined` for document-level changes. */
  operation?: string
  /** `METHOD /path` of the operation. */
  endpoint?: string
  /** Human-readable description: what changed, where. */
  message: string
  /** JSON path of the change in the document, for debugging. */
  path: string
}

export interface SpecDiff {
  changes: SpecChange[]
  breaking: SpecChange[]
  nonBreaking: SpecChange[]
  documentation: SpecChange[]
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** Component sections whose changes always show up again under the operations that use them. */
const REFERENCED_COMPONENTS = new Set([
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'links',
  'callbacks',
  'pathItems',
])

type Json = Record<string, unknown>
type Segment = string | number

interface RawDiff {
  action: 'add' | 'remove' | 'replace' | 'rename'
  path: Segment[]
  before?: unknown
  after?: unknown
  type: 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated'
  description?: string
}

/** Compares two bundled OpenAPI documents (objects, `$ref`s internal) and classifies every change. */
export function diffSpecs(before: Json, after: Json): SpecDiff {
  const { diffs } = apiCompare(before, after) as { diffs: RawDiff[] }
  const seen = new Set<string>()
  const changes: SpecChange[] = []
  for (const d of diffs) {
    if (d.path[0] === 'components' && REFERENCED_COMPONENTS.has(String(d.path[1]))) continue
    const change = describe(d, before, after)
    const key = `${change.severity}|${change.operation ?? ''}|${change.message}`
    if (seen.has(key)) continue
    seen.add(key)
    changes.push(change)
  }
  return {
    changes,
    breaking: changes.filter((c) => c.severity === 'breaking'),
    nonBreaking: changes.filter((c) => c.severity === 'non-breaking'),
    documentation: changes.filter((c) => c.severity === 'documentation'),
  }
}

/** Our policy on top of the library's classification. */
function classify(d: RawDiff, location: Location): Severity {
  // A response field that disappears breaks every client that reads it, optional or not: the
  // library calls removing an optional response property non-breaking; we do not.
  if (location.kind === 'response' && d.action === 'remove' && location.lastIsProperty) return 'breaking'
  switch (d.type) {
    case 'breaking':
      return 'breaking'
    case 'annotation':
      return 'documentation'
    default:
      // non-breaking, deprecated, and unclassified (vendor extensions, …) do not need a major.
      return 'non-breaking'
  }
}

interface Location {
  kind: 'operation' | 'request' | 'response' | 'parameter' | 'document' | 'other'
  /** `request body`, `response 200`, `parameter jobId`, … */
  where?: string
  /** Dotted field path inside the schema (`data.items[].gitBranch`). */
  field?: string
  /** The last meaningful segment of the JSON path (`enum`, `required`, `type`, …). */
  attribute?: string
  lastIsProperty: boolean
}

function describe(d: RawDiff, before: Json, after: Json): SpecChange {
  const path = d.path
  const jsonPath = path.map(String).join('/')
  if (path[0] !== 'paths') {
    const location: Location = { kind: 'document', lastIsProperty: false }
    return {
      severity: classify(d, location),
      message: `${verb(d.action)} \`${path.map(String).join('.')}\`${valueHint(d)}`,
      path: jsonPath,
    }
  }
  const route = String(path[1])
  const method = path[2] !== undefined && METHODS.has(String(path[2])) ? String(path[2]) : undefined
  const endpoint = method ? `${method.toUpperCase()} ${route}` : route
  const op = method ? (operationOf(after, route, method) ?? operationOf(before, route, method)) : undefined
  const operation = (op?.operationId as string | undefined) ?? endpoint
  const base = { operation, endpoint, path: jsonPath }

  if (path.length <= 2 || (method && path.length === 3)) {
    const what = method ? 'operation' : 'path'
    const location: Location = { kind: 'operation', lastIsProperty: false }
    return { ...base, severity: classify(d, location), message: `${what} ${past(d.action)}` }
  }
  const rest = method ? path.slice(3) : path.slice(2)
  const location = locate(rest, d, op)
  const severity = classify(d, location)
  return { ...base, severity, message: message(d, location) }
}

function operationOf(doc: Json, route: string, method: string): Json | undefined {
  const paths = doc.paths as Record<string, Record<string, Json>> | undefined
  return paths?.[route]?.[method]
}

function locate(rest: Segment[], d: RawDiff, op: Json | undefined): Location {
  const head = String(rest[0])
  let schemaPath: Segment[] = []
  let kind: Location['kind'] = 'other'
  let where: string | undefined
  if (head === 'requestBody') {
    kind = 'request'
    where = 'request body'
    schemaPath = afterKey(rest, 'schema')
  } else if (head === 'responses') {
    kind = 'response'
    where = rest[1] !== undefined ? `response ${rest[1]}` : 'responses'
    if (rest[2] === 'headers') {
      where = `${where} header \`${String(rest[3])}\``
      schemaPath = afterKey(rest, 'schema')
    } else {
      schemaPath = afterKey(rest, 'schema')
    }
  } else if (head === 'parameters') {
    kind = 'parameter'
    const index = rest[1]
    const params = (op?.parameters as Json[] | undefined) ?? []
    const param = typeof index === 'number' ? params[index] : undefined
    const name = (param?.name as string | undefined) ?? (d.before as Json | undefined)?.name
    where = name ? `parameter \`${String(name)}\`` : 'parameters'
    schemaPath = afterKey(rest, 'schema')
  } else {
    return { kind: 'other', where: head, attribute: head, lastIsProperty: false }
  }
  const { field, attribute, lastIsProperty } = fieldOf(schemaPath)
  return { kind, where, field, attribute, lastIsProperty }
}

function afterKey(rest: Segment[], key: string): Segment[] {
  const i = rest.indexOf(key)
  return i === -1 ? [] : rest.slice(i + 1)
}

/** `properties/data/properties/items/items/properties/id` → `data.items[].id`. */
function fieldOf(schemaPath: Segment[]): { field?: string; attribute?: string; lastIsProperty: boolean } {
  const parts: string[] = []
  let attribute: string | undefined
  let lastIsProperty = false
  for (let i = 0; i < schemaPath.length; i++) {
    const seg = String(schemaPath[i])
    if (seg === 'properties' && i + 1 < schemaPath.length) {
      parts.push(String(schemaPath[i + 1]))
      i++
      lastIsProperty = i === schemaPath.length - 1
      attribute = undefined
    } else if (seg === 'items') {
      if (parts.length) parts[parts.length - 1] += '[]'
      else parts.push('[]')
    } else if (seg === 'additionalProperties') {
      parts.push('*')
    } else if (seg === 'allOf' || seg === 'oneOf' || seg === 'anyOf') {
      i++ // the branch index says nothing to a reader
    } else if (typeof schemaPath[i] === 'number') {
      // an index inside enum/required/type arrays: keep the attribute
    } else {
      attribute = seg
      lastIsProperty = false
    }
  }
  return { field: parts.length ? parts.join('.') : undefined, attribute, lastIsProperty }
}

function message(d: RawDiff, l: Location): string {
  const at = l.where ?? 'operation'
  const field = l.field ? `\`${l.field}\`` : undefined
  if (l.lastIsProperty && field) return `${at}: field ${field} ${past(d.action)}`
  if (l.attribute === 'required' && (d.action === 'add' || d.action === 'remove')) {
    const name = typeof (d.after ?? d.before) === 'string' ? String(d.after ?? d.before) : undefined
    const full = name ? `\`${l.field ? `${l.field}.` : ''}${name}\`` : (field ?? 'a field')
    return `${at}: field ${full} ${d.action === 'add' ? 'is now required' : 'is no longer required'}`
  }
  if (l.attribute === 'enum') {
    const value = JSON.stringify(d.action === 'remove' ? d.before : d.after)
    const target = field ?? 'the value'
    if (d.action === 'add') return `${at}: ${target} accepts new enum value ${value}`
    if (d.action === 'remove') return `${at}: enum value ${value} removed from ${target}`
  }
  if (l.kind === 'parameter' && !l.attribute && !field) return `${at} ${past(d.action)}`
  const subject = [l.attribute ? `\`${l.attribute}\`` : undefined, field ? `of ${field}` : undefined]
    .filter(Boolean)
    .join(' ')
  return `${at}: ${subject || 'schema'} ${past(d.action)}${valueHint(d)}`
}

function verb(action: RawDiff['action']): string {
  return { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[action]
}

function past(action: RawDiff['action']): string {
  return verb(action)
}

function valueHint(d: RawDiff): string {
  const short = (v: unknown) => {
    if (v === undefined || typeof v === 'object') return undefined
    const s = JSON.stringify(v)
    return s.length > 40 ? `${s.slice(0, 37)}…` : s
  }
  const b = short(d.before)
  const a = short(d.after)
  if (d.action === 'replace' && b !== undefined && a !== undefined) return ` (${b} → ${a})`
  if (d.action === 'add' && a !== undefined) return ` (${a})`
  if (d.action === 'remove' && b !== undefined) return ` (was ${b})`
  return ''
}

/** The bump a diff calls for: major for breaking changes, minor for additions, patch otherwise. */
export function bumpFor(diff: SpecDiff): 'major' | 'minor' | 'patch' {
  if (diff.breaking.length) return 'major'
  if (diff.nonBreaking.length) return 'minor'
  return 'patch'
}

/** Markdown list of the changes, grouped by severity, for the gate report and the changelog. */
export function formatChanges(diff: SpecDiff): string {
  const section = (title: string, list: SpecChange[]) => {
    if (!list.length) return ''
    const lines = list.map((c) =>
      c.operation ? `- \`${c.operation}\` (${c.endpoint}): ${c.message}` : `- ${c.message}`,
    )
    return `**${title}**\n\n${lines.join('\n')}\n`
  }
  return [
    section('Breaking changes', diff.breaking),
    section('Non-breaking changes', diff.nonBreaking),
    section('Documentation', diff.documentation),
  ]
    .filter(Boolean)
    .join('\n')
}
