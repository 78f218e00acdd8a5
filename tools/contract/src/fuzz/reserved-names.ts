import fc from 'fast-check'
import type { OpenApiDocument } from '../spec.js'
import { isFreeForm, type Slot, slotsOf } from './body-slots.js'
import type { Generator } from './generate.js'
import type { FuzzOperation } from './operations.js'
import type { FuzzRequest } from './request.js'
import { type Schema, schemaArbitrary } from './schema-arbitrary.js'

/**
 * Names that are properties of every JavaScript object: code that reads `obj[name]` of a free-form
 * object, or walks a client's JSON Schema into a plain object, finds a function (or the prototype)
 * where it expected nothing — a 500, or worse, a polluted prototype.
 */
export const RESERVED_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty']

/** Bodies drawn per operation to find the ones that reach its free-form objects and JSON Schemas. */
const CANDIDATES = 60
/** Requests per operation: the bodies that together reach the most free-form places. */
const PER_OPERATION = 3

/**
 * Valid requests of the operation whose every free-form object holds the reserved names as keys,
 * and whose every JSON Schema (a free-form `schema` field) declares them as properties.
 */
export function reservedNameRequests(
  doc: OpenApiDocument,
  op: FuzzOperation,
  generator: Generator,
  seed: number,
  /** Whether a drawn request is valid (a body Ajv refuses would not test the names). */
  valid: (request: FuzzRequest) => boolean,
): FuzzRequest[] {
  if (!op.body?.mediaType.includes('json')) return []
  const schema = op.body.schema
  // Each candidate's places are found once (not once per pick), and Ajv checks only a candidate
  // that would be picked, not all 60: the picks are still the first best of the valid ones.
  const candidates = generator.requests(op, 'valid', CANDIDATES, seed).map((request) => ({
    request,
    places: targets(doc, request.body?.type === 'json' ? request.body.value : undefined, schema).map((t) =>
      placeOf(t.slot),
    ),
    valid: undefined as boolean | undefined,
  }))
  const isValid = (candidate: (typeof candidates)[number]) => {
    candidate.valid ??= valid(candidate.request)
    return candidate.valid
  }
  const covered = new Set<string>()
  const chosen: FuzzRequest[] = []
  // Greedy: each pick adds the most places (by path, array indices merged) not reached yet.
  for (let i = 0; i < PER_OPERATION; i++) {
    let best: { request: FuzzRequest; places: string[] } | undefined
    for (const candidate of candidates) {
      const places = candidate.places.filter((p) => !covered.has(p))
      if (places.length > (best?.places.length ?? 0) && isValid(candidate))
        best = { request: candidate.request, places }
    }
    if (!best) break
    for (const p of best.places) covered.add(p)
    chosen.push(best.request)
  }
  return chosen.map((request, i) => {
    const value = structuredClone((request.body as { value: unknown }).value)
    for (const target of targets(doc, value, op.body?.schema ?? {}).reverse())
      inject(doc, value, target, seed + i)
    return { ...request, kind: 'reserved-name', body: { type: 'json', value } }
  })
}

interface Target {
  slot: Slot
  /** A JSON Schema the client sends (replaced by one that declares the reserved names). */
  jsonSchema: boolean
}

/** The free-form objects and JSON Schemas of `value`, outermost first, none inside a JSON Schema. */
function targets(doc: OpenApiDocument, value: unknown, schema: Schema): Target[] {
  if (!value || typeof value !== 'object') return []
  const out: Target[] = []
  const schemas: string[] = []
  for (const slot of slotsOf(doc, value, schema)) {
    const at = slot.path.join('\u0000')
    if (schemas.some((s) => at.startsWith(`${s}\u0000`))) continue
    const name = slot.path[slot.path.length - 1]
    const jsonSchema =
      slot.path.length > 0 &&
      isFreeForm(doc, slot.schema) &&
      (/schema$/i.test(String(name)) || /JSON Schema/.test(String(slot.schema.description ?? '')))
    if (jsonSchema) {
      schemas.push(at)
      out.push({ slot, jsonSchema })
    } else if (isFreeForm(doc, slot.schema) && isPlainObject(getAt(value, slot.path)))
      out.push({ slot, jsonSchema: false })
  }
  return out
}

function placeOf(slot: Slot): string {
  return slot.path.map((p) => (typeof p === 'number' ? '*' : p)).join('.')
}

function inject(doc: OpenApiDocument, root: unknown, target: Target, seed: number): void {
  const { path, schema } = target.slot
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>
  if (target.jsonSchema) {
    parent[path[path.length - 1] as string | number] = reservedSchema()
    return
  }
  const object = getAt(root, path) as Record<string, unknown>
  const values = schema.additionalProperties
  const existing = Object.values(object)[0]
  const value =
    existing !== undefined
      ? existing
      : values && typeof values === 'object'
        ? fc.sample(schemaArbitrary(doc, values), { seed, numRuns: 1 })[0]
        : 'x'
  withReserved(object, () => structuredClone(value))
}

/** A JSON Schema whose properties (at two levels, and in array items) are the reserved names. */
export function reservedSchema(): Schema {
  const item = { type: 'object', properties: withReserved({}, () => ({ type: 'number' })) }
  const properties = withReserved({}, () => ({ type: 'string', description: 'a reserved name' }))
  properties.nested = { type: 'object', properties: withReserved({}, () => ({ type: 'boolean' })) }
  properties.list = { type: 'array', items: item }
  return { type: 'object', properties, required: [...RESERVED_NAMES] }
}

/** `object` with the reserved names as own, enumerable keys (`__proto__` too, not its prototype). */
function withReserved(object: Record<string, unknown>, value: () => unknown): Record<string, unknown> {
  for (const name of RESERVED_NAMES)
    Object.defineProperty(object, name, {
      value: value(),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return object
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

function getAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value)
}
