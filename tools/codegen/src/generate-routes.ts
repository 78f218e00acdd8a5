/**
 * Bundled OpenAPI 3.1 document → a folder of TypeScript modules for `@hono/zod-openapi`:
 *
 * - `schemas.ts`: one exported zod const per component schema (registered under its component name);
 * - `routes.ts`: one `createRoute()` per operation and the `routes` map keyed by operationId;
 * - `operations.ts`: the `operations` list (operationId, method, path) and the `extensions` map
 *   (every `x-*` key of each operation and of each of its responses);
 * - `spec.ts`: the bundled document itself;
 * - `handlers.ts`: the `Handler`/`Handlers` types a service implements the operations with;
 * - `authorization.ts`: what each operation requires of its caller (see authorization.ts);
 * - `idempotency.ts`: `idempotentWrites`, the operations that take `Idempotency-Key` (see idempotency.ts);
 * - `index.ts`: re-exports.
 */
import { isObject, type JsonObject, type OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { emitAuthorization } from './authorization.js'
import { orderComponents } from './component-order.js'
import {
  type Extensions,
  emitHandlersModule,
  emitIndexModule,
  emitOperationsModule,
  emitSpecModule,
} from './emit-modules.js'
import { emitRoute, listOperations } from './emit-route.js'
import { emitIdempotency } from './idempotency.js'
import { COERCE_HELPERS, schemaToZod, type ZodEmitContext } from './schema-to-zod.js'
import { header, str, toIdentifier } from './source-text.js'

export interface GenerateOptions {
  /** Shown in the header comment of every file. */
  source?: string
}

export type GeneratedFiles = Record<string, string>

const extensionsOf = (node: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(node).filter(([key]) => key.startsWith('x-')))

/**
 * Request and response schemas are declared by what they accept and parse (`z.ZodType<Output,
 * Input>`; a response only by its output, the one thing its handler type reads): the
 * declaration files then carry plain object types, so a consumer's type checker relates a
 * `ZodType` to a `ZodType` instead of comparing zod's classes member by member against the route
 * constraints, which cost a two-handler consumer seconds (see the route packages' `pnpm bench`).
 */
const TYPED_HELPERS = `/** A request body schema, typed by what it accepts and what it parses into. */
type Accepts<Output, Input> = z.ZodType<Output, Input>
const accepts = <T extends z.ZodType>(schema: T): Accepts<z.output<T>, z.input<T>> => schema as never
/** A response body schema, typed by what it parses into. */
type Parses<Output> = z.ZodType<Output>
const parses = <T extends z.ZodType>(schema: T): Parses<z.output<T>> => schema as never
`

/** Generates the route modules of an OpenAPI 3.1 bundle. */
export function generateRoutes(doc: OpenApiDocument, options: GenerateOptions = {}): GeneratedFiles {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>
  const ids = new Map<string, string>()
  const used = new Set<string>()
  for (const name of Object.keys(schemas)) {
    let id = toIdentifier(name)
    while (used.has(id)) id = `${id}_`
    used.add(id)
    ids.set(name, id)
  }
  const declared = new Set<string>()
  let forwardRef = false
  const ctx = (prefix: string): ZodEmitContext => ({
    identifier: (name) => {
      const id = ids.get(name)
      if (!id) throw new Error(`Unknown component schema ${name}`)
      return `${prefix}${id}`
    },
    isDeclared: (name) => declared.has(name),
    component: (name) => {
      if (!(name in schemas)) throw new Error(`Unknown component schema ${name}`)
      return schemas[name]
    },
    onReference: (name) => {
      if (!declared.has(name)) forwardRef = true
    },
  })

  // schemas.ts
  const schemaLines: string[] = [header(options.source), "import { z } from '@hono/zod-openapi'", '']
  const schemaCtx = ctx('')
  for (const name of orderComponents(schemas)) {
    forwardRef = false
    // Defaults of components are applied where they are referenced (see schema-to-zod).
    const schema = schemas[name]
    const code = schemaToZod(isObject(schema) ? { ...schema, default: undefined } : schema, schemaCtx)
    const id = ids.get(name) as string
    // A schema that refers to one declared after it is part of a cycle: its type is widened so
    // that TypeScript can type the cycle.
    const annotation = forwardRef ? ': z.ZodType<unknown>' : ''
    const meta =
      isObject(schema) && schema.default !== undefined ? `, { default: ${str(schema.default)} }` : ''
    schemaLines.push(`export const ${id}${annotation} = ${code}.openapi(${str(name)}${meta})`)
    declared.add(name)
  }
  if (Object.keys(schemas).length === 0) schemaLines.push('export {}')

  // routes.ts
  const routeCtx = ctx('s.')
  const operations = listOperations(doc)
  const routeIds = new Map<string, string>()
  const routeNames = new Set(['s', 'routes', 'OperationId'])
  const routeLines: string[] = [
    header(options.source),
    "import { createRoute, z } from '@hono/zod-openapi'",
    "import * as s from './schemas.js'",
    '',
    COERCE_HELPERS,
    TYPED_HELPERS,
  ]
  const extensions: Extensions = {}
  for (const op of operations) {
    let id = toIdentifier(op.operationId)
    while (routeNames.has(id)) id = `${id}_`
    routeNames.add(id)
    routeIds.set(op.operationId, id)
    routeLines.push(`export const ${id} = createRoute(${emitRoute(doc, op, routeCtx)})`, '')
    const responses: Record<string, JsonObject> = {}
    for (const [status, response] of Object.entries(op.responses)) {
      const ext = extensionsOf(response)
      if (Object.keys(ext).length > 0) responses[status] = ext
    }
    extensions[op.operationId] = { operation: extensionsOf(op.operation), responses }
  }
  routeLines.push(
    // Typed by reference: an inferred type would repeat every route's type in the declarations.
    '/** Every route of the API, by operationId. */',
    'export const routes: {',
    ...operations.map((op) => `  readonly ${str(op.operationId)}: typeof ${routeIds.get(op.operationId)}`),
    '} = {',
    ...operations.map((op) => `  ${str(op.operationId)}: ${routeIds.get(op.operationId)},`),
    '}',
    '',
    '/** The operationId of every operation of the API. */',
    'export type OperationId = keyof typeof routes',
    '',
  )

  return {
    'schemas.ts': withJsonLimits(`${schemaLines.join('\n')}\n`),
    'routes.ts': withJsonLimits(routeLines.join('\n')),
    'operations.ts': emitOperationsModule(header(options.source), operations, extensions),
    'spec.ts': emitSpecModule(header(options.source), doc),
    'handlers.ts': emitHandlersModule(header(options.source), operations),
    'authorization.ts': emitAuthorization(
      header(options.source),
      operations,
      doc.security as Record<string, unknown>[] | undefined,
    ),
    'idempotency.ts': emitIdempotency(header(options.source), operations),
    'index.ts': emitIndexModule(header(options.source)),
  }
}

/** Imports the measures of `x-max-depth`/`x-max-bytes` into a generated module that uses them. */
function withJsonLimits(source: string): string {
  const used = ['jsonBytes', 'jsonDepth'].filter((name) => source.includes(`${name}(`))
  if (used.length === 0) return source
  const line = `import { ${used.join(', ')} } from './runtime/json-limits.js'\n`
  const at = source.indexOf('import { ')
  return source.slice(0, at) + line + source.slice(at)
}
