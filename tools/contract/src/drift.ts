/**
 * Spec drift: compares the OpenAPI document a service emits (`app.getOpenAPI31Document(…)`) with
 * the bundled hand-written one, after normalising what does not change the wire contract (see
 * drift-schemas.ts).
 *
 * Compared: the set of operations (method + path), their operationIds, parameters (name,
 * location, requiredness, schema), request bodies (requiredness, content types, schemas), response
 * statuses, content types and schemas.
 */

import { deref, type OperationEntry, walkOperations } from '@apiplatform/openapi-toolkit'
import {
  asDocument,
  diffSchemas,
  isObj,
  type Json,
  LENIENT,
  normaliseSchema,
  type Obj,
} from './drift-schemas.js'

/** Any OpenAPI document (the emitted one is typed by openapi3-ts, the bundle is parsed JSON). */
export type OpenApiLike = object

/** One difference between the two documents. */
export interface Drift {
  /** `METHOD /path` of the operation, or undefined for document-level differences. */
  operation?: string
  /** The operationId, when known. */
  operationId?: string
  /** Where in the operation: `request body application/json`, `response 200 application/json`, `parameter query.limit`, … */
  where: string
  /** JSON path inside the schema, when the difference is inside one (`.data.items[].id`). */
  path?: string
  message: string
}

function operationsOf(doc: Obj): Map<string, OperationEntry> {
  return new Map(
    walkOperations(asDocument(doc), LENIENT).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]),
  )
}

function paramsOf(op: OperationEntry): Map<string, Obj> {
  const out = new Map<string, Obj>()
  for (const p of op.parameters as Obj[]) {
    const loc = String(p.in)
    const name = loc === 'header' ? String(p.name).toLowerCase() : String(p.name)
    out.set(`${loc}.${name}`, p)
  }
  return out
}

function contentOf(doc: Obj, holder: Json | undefined): Map<string, Json> {
  const out = new Map<string, Json>()
  const node = deref<Json | undefined>(asDocument(doc), holder, LENIENT)
  if (!isObj(node) || !isObj(node.content)) return out
  for (const [type, media] of Object.entries(node.content))
    out.set(type, isObj(media) ? (media.schema ?? {}) : {})
  return out
}

/** Compares the emitted document with the hand-written bundle; an empty list means no drift. */
export function compareSpecs(emitted: OpenApiLike, handWritten: OpenApiLike): Drift[] {
  const E = emitted as Obj
  const H = handWritten as Obj
  const drifts: Drift[] = []
  const eOps = operationsOf(E)
  const hOps = operationsOf(H)
  for (const [key, op] of hOps) {
    if (!eOps.has(key)) {
      drifts.push({
        operation: key,
        operationId: op.operationId as string,
        where: 'operation',
        message: 'is in the hand-written spec but not served',
      })
    }
  }
  for (const [key, op] of eOps) {
    if (!hOps.has(key)) {
      drifts.push({
        operation: key,
        operationId: op.operationId as string,
        where: 'operation',
        message: 'is served but not in the hand-written spec',
      })
    }
  }
  for (const [key, h] of hOps) {
    const e = eOps.get(key)
    if (!e) continue
    const operationId = h.operationId ?? e.operationId
    const push = (where: string, message: string, path?: string) =>
      drifts.push({
        operation: key,
        ...(operationId ? { operationId } : {}),
        where,
        ...(path ? { path } : {}),
        message,
      })
    if (e.operationId !== h.operationId) {
      push('operationId', `emitted ${String(e.operationId)} ≠ spec ${String(h.operationId)}`)
    }
    const schemaDiff = (where: string, a: Json, b: Json) =>
      diffSchemas(normaliseSchema(E, a), normaliseSchema(H, b), '', (path, message) =>
        push(where, message, path),
      )

    // Parameters.
    const ep = paramsOf(e)
    const hp = paramsOf(h)
    for (const name of new Set([...ep.keys(), ...hp.keys()])) {
      const a = ep.get(name)
      const b = hp.get(name)
      if (!a) push(`parameter ${name}`, `is in the hand-written spec only${b?.required ? ' (required)' : ''}`)
      else if (!b) push(`parameter ${name}`, 'is in the emitted document only')
      else {
        if (Boolean(a.required) !== Boolean(b.required)) {
          push(`parameter ${name}`, `required: emitted ${Boolean(a.required)} ≠ spec ${Boolean(b.required)}`)
        }
        schemaDiff(`parameter ${name}`, a.schema ?? {}, b.schema ?? {})
      }
    }

    // Request body.
    const eb = e.requestBody as Obj | undefined
    const hb = h.requestBody as Obj | undefined
    if (isObj(eb) !== isObj(hb))
      push('request body', isObj(hb) ? 'is in the hand-written spec only' : 'is in the emitted document only')
    if (isObj(eb) && isObj(hb)) {
      if (Boolean(eb.required) !== Boolean(hb.required)) {
        push('request body', `required: emitted ${Boolean(eb.required)} ≠ spec ${Boolean(hb.required)}`)
      }
      compareContent('request body', contentOf(E, eb), contentOf(H, hb), push, schemaDiff)
    }

    // Responses.
    const er = e.responses as Record<string, Json>
    const hr = h.responses as Record<string, Json>
    for (const status of new Set([...Object.keys(er), ...Object.keys(hr)])) {
      if (!(status in er)) push(`response ${status}`, 'is in the hand-written spec only')
      else if (!(status in hr)) push(`response ${status}`, 'is in the emitted document only')
      else
        compareContent(
          `response ${status}`,
          contentOf(E, er[status]),
          contentOf(H, hr[status]),
          push,
          schemaDiff,
        )
    }
  }
  return drifts
}

function compareContent(
  where: string,
  a: Map<string, Json>,
  b: Map<string, Json>,
  push: (where: string, message: string) => void,
  schemaDiff: (where: string, a: Json, b: Json) => void,
): void {
  for (const type of new Set([...a.keys(), ...b.keys()])) {
    if (!a.has(type)) push(`${where} ${type}`, 'content type is in the hand-written spec only')
    else if (!b.has(type)) push(`${where} ${type}`, 'content type is in the emitted document only')
    else schemaDiff(`${where} ${type}`, a.get(type) as Json, b.get(type) as Json)
  }
}

/** Human-readable report of drifts, one line each, grouped by operation. */
export function formatDrift(drifts: Drift[]): string {
  if (drifts.length === 0) return 'No drift: the emitted document matches the hand-written spec.'
  const lines = [`${drifts.length} difference(s) between the emitted document and the hand-written spec:`]
  for (const d of drifts) {
    const op = d.operation ? `${d.operationId ? `${d.operationId} (${d.operation})` : d.operation}: ` : ''
    lines.push(`- ${op}${d.where}${d.path ? ` ${d.path}` : ''}: ${d.message}`)
  }
  return lines.join('\n')
}
