/**
 * The facts of the public Web-Data API v2 that the tests compare against, kept as data:
 *
 * - `reference/api-surface.json`, from the reference sheet: its operations (method, path,
 *   operationId, parameters, request body, responses), the endpoints of its "Agent runs" section
 *   (which has no table of its own), and its named schemas;
 * - `reference/error-catalog.json`, from the error tables of the seed (section 7): per row the
 *   status, the quoted `error` strings and the Retryable column.
 *
 * A schema is a tree of nodes: the type as the sheet writes it (`object`, `array<string>`,
 * `→ScrapeOptions`, …), the referenced schema, the limits, the fields (each a node with a name and
 * its requiredness) and the `(allOf #n)` / `(oneOf #n)` groups.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const specDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const referencePath = path.join(specDir, 'reference/api-surface.json')
export const catalogPath = path.join(specDir, 'reference/error-catalog.json')

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
  /** Lower case. */
  method: string
  /** Without the `/v2` prefix where the sheet leaves it to the server URL. */
  path: string
  operationId?: string
  params: SheetParam[]
  requestBody?: { contentType: string; required: boolean; schema: Node }
  responses: SheetResponse[]
}

export interface Sheet {
  operations: SheetOperation[]
  /** `get /v2/agent/{jobId}/trace`, …: the endpoints of the "Agent runs" section. */
  agentSectionOperations: string[]
  schemas: Record<string, Node>
}

export interface CatalogRow {
  status: string
  /** The `error` strings the row quotes (none when it only describes the message). */
  errors: string[]
  retryable: 'yes' | 'no' | 'sometimes'
}

// The files' shapes: `false`, `[]`, `{}` and absent values are left out.
interface NodeData {
  type: string
  ref?: string
  constraints?: Constraints
  fields?: (NodeData & { name: string; required?: boolean })[]
  groups?: {
    kind: 'allOf' | 'oneOf'
    index: number
    fields?: NodeData['fields']
    groups?: NodeData['groups']
  }[]
}
interface ReferenceFile {
  operations: {
    method: string
    path: string
    operationId?: string
    params?: (Omit<SheetParam, 'required' | 'constraints'> & {
      required?: boolean
      constraints?: Constraints
    })[]
    requestBody?: { contentType: string; required?: boolean; schema: NodeData }
    responses: { status: string; contentType?: string; noBody?: boolean; schema?: NodeData }[]
  }[]
  agentSectionOperations: string[]
  schemas: Record<string, NodeData>
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8'))
}

function toNode(data: NodeData): Node {
  return {
    type: data.type,
    ref: data.ref,
    constraints: data.constraints ?? {},
    fields: (data.fields ?? []).map(({ name, required, ...node }) => {
      const child = toNode(node)
      return {
        name,
        type: child.type,
        required: required ?? false,
        constraints: child.constraints,
        node: child,
      }
    }),
    // A group is an object node of the fields and groups it lists.
    groups: (data.groups ?? []).map(({ kind, index, fields, groups }) => ({
      kind,
      index,
      node: toNode({ type: 'object', fields, groups }),
    })),
  }
}

export function loadSheet(): Sheet {
  const data = readJson<ReferenceFile>(referencePath)
  return {
    operations: data.operations.map((o) => ({
      method: o.method,
      path: o.path,
      operationId: o.operationId,
      params: (o.params ?? []).map((p) => ({
        ...p,
        required: p.required ?? false,
        constraints: p.constraints ?? {},
      })),
      requestBody: o.requestBody && {
        contentType: o.requestBody.contentType,
        required: o.requestBody.required ?? false,
        schema: toNode(o.requestBody.schema),
      },
      responses: o.responses.map((r) => ({
        status: r.status,
        contentType: r.contentType,
        noBody: r.noBody ?? false,
        schema: r.schema && toNode(r.schema),
      })),
    })),
    agentSectionOperations: data.agentSectionOperations,
    schemas: Object.fromEntries(Object.entries(data.schemas).map(([name, node]) => [name, toNode(node)])),
  }
}

export function loadErrorCatalog(): CatalogRow[] {
  return readJson<{ errors: CatalogRow[] }>(catalogPath).errors
}
