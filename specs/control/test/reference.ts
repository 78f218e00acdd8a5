/**
 * The facts of the reference sheet of the public Deployment Control API v2 that the tests compare
 * against, kept as data in `reference/api-surface.json`: the operation list (path, method,
 * operationId, tag, security, deprecation, request schema, responses) and the schemas (type,
 * closedness, limits, and per field its type, requiredness and limits).
 *
 * Type expressions keep the sheet's notation: `string`, `string|null`, `→Name` (a reference),
 * `allOf(→Name)`, `anyOf(→Name | null)`, `array<…>`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const specDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const referencePath = path.join(specDir, 'reference/api-surface.json')

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
/** `minLength`, `pattern`, `enum`, `default`, `format`, `deprecated`, …, as the sheet states them. */
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
  /** The sheet says "no extra properties". */
  closed: boolean
  constraints: Constraints
  fields: SheetField[]
}

/** The file's shape: `false`, `{}` and absent values are left out. */
interface ReferenceFile {
  operations: (Omit<SheetOperation, 'deprecated'> & { deprecated?: boolean })[]
  schemas: Record<
    string,
    {
      type: string | string[]
      closed?: boolean
      constraints?: Constraints
      fields: { name: string; type: string; required?: boolean; constraints?: Constraints }[]
    }
  >
}

function readReference(): ReferenceFile {
  return JSON.parse(readFileSync(referencePath, 'utf8'))
}

export function sheetOperations(): SheetOperation[] {
  return readReference().operations.map((o) => ({
    method: o.method,
    path: o.path,
    operationId: o.operationId,
    tag: o.tag,
    security: o.security,
    deprecated: o.deprecated ?? false,
    requestSchema: o.requestSchema,
    responses: o.responses,
  }))
}

export function sheetSchemas(): Map<string, SheetSchema> {
  const out = new Map<string, SheetSchema>()
  for (const [name, s] of Object.entries(readReference().schemas)) {
    out.set(name, {
      name,
      type: s.type,
      closed: s.closed ?? false,
      constraints: s.constraints ?? {},
      fields: s.fields.map((f) => ({
        name: f.name,
        type: f.type,
        required: f.required ?? false,
        constraints: f.constraints ?? {},
      })),
    })
  }
  return out
}
