import {
  deref,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  type OperationEntry,
  walkOperations,
} from '@apiplatform/openapi-toolkit'
import { schemaToZod, type ZodEmitContext } from './schema-to-zod.js'
import { str } from './source-text.js'

/** An operation of the spec; one without an operationId is named `method path`. */
export type Operation = OperationEntry & { operationId: string }

export function listOperations(doc: OpenApiDocument): Operation[] {
  return walkOperations(doc).map((op) => ({
    ...op,
    operationId: op.operationId ?? `${op.method} ${op.path}`,
  }))
}

function emitParams(op: Operation, location: string, ctx: ZodEmitContext): string | undefined {
  const params = op.parameters.filter((p) => p.in === location)
  if (params.length === 0) return undefined
  const fields = params.map((p) => {
    const name = location === 'header' ? String(p.name).toLowerCase() : String(p.name)
    let code = schemaToZod(p.schema ?? {}, ctx, { coerce: true })
    const required = p.required === true || location === 'path'
    if (!required && !(isObject(p.schema) && p.schema.default !== undefined)) code += '.optional()'
    // A header is validated under its lower-case key (how hono hands headers over), and the emitted
    // document takes a parameter's name from its key: both must be that key (header names are
    // case-insensitive).
    const meta: JsonObject = { name, in: location }
    if (required) meta.required = true
    if (p.style !== undefined) meta.style = p.style
    if (p.explode !== undefined) meta.explode = p.explode
    if (p.deprecated !== undefined) meta.deprecated = p.deprecated
    return `${str(name)}: ${code}.openapi({ param: ${str(meta)} })`
  })
  return `z.object({ ${fields.join(', ')} })`
}

const isForm = (contentType: string) =>
  contentType.startsWith('multipart/form-data') || contentType.startsWith('application/x-www-form-urlencoded')

/** A form body: its top-level fields are coerced like parameters (files, numbers, JSON parts). */
function emitFormSchema(doc: OpenApiDocument, schema: unknown, ctx: ZodEmitContext): string {
  const resolved =
    isObject(schema) && typeof schema.$ref === 'string' ? deref<JsonObject>(doc, schema) : schema
  if (!isObject(resolved) || !isObject(resolved.properties)) return schemaToZod(schema, ctx)
  const required = new Set((resolved.required ?? []) as string[])
  const fields = Object.entries(resolved.properties).map(([key, prop]) => {
    let code = schemaToZod(prop, ctx, { coerce: true })
    if (!required.has(key) && !(isObject(prop) && prop.default !== undefined)) code += '.optional()'
    return `${str(key)}: ${code}`
  })
  const closed = resolved.additionalProperties === false || resolved.unevaluatedProperties === false
  return `z.${closed ? 'strictObject' : 'object'}({ ${fields.join(', ')} })`
}

function emitContent(doc: OpenApiDocument, content: unknown, ctx: ZodEmitContext, form: boolean): string {
  const entries = Object.entries((content ?? {}) as JsonObject).map(([type, raw]) => {
    const media = isObject(raw) ? raw : {}
    const schema =
      media.schema === undefined
        ? 'z.unknown()'
        : form && isForm(type)
          ? emitFormSchema(doc, media.schema, ctx)
          : schemaToZod(media.schema, ctx)
    return `${str(type)}: { schema: ${form ? 'accepts' : 'parses'}(${schema}) }`
  })
  return `{ ${entries.join(', ')} }`
}

export function emitRoute(doc: OpenApiDocument, op: Operation, ctx: ZodEmitContext): string {
  const n = op.operation
  const parts: string[] = [
    `method: ${str(op.method)}`,
    `path: ${str(op.path)}`,
    `operationId: ${str(op.operationId)}`,
  ]
  if (Array.isArray(n.tags)) parts.push(`tags: ${str(n.tags)}`)
  if (typeof n.summary === 'string') parts.push(`summary: ${str(n.summary)}`)
  if (typeof n.description === 'string') parts.push(`description: ${str(n.description)}`)
  if (n.deprecated === true) parts.push('deprecated: true')
  if (Array.isArray(n.security)) {
    // Alternatives naming different schemes would be inferred as a union of objects with
    // `?: undefined` members, which is no RouteConfig security, and the route would lose its types.
    const cast = n.security.length > 1 ? ' as Array<Record<string, string[]>>' : ''
    parts.push(`security: ${str(n.security)}${cast}`)
  }

  const request: string[] = []
  for (const [location, key] of [
    ['path', 'params'],
    ['query', 'query'],
    ['header', 'headers'],
    ['cookie', 'cookies'],
  ] as const) {
    const code = emitParams(op, location, ctx)
    if (code) request.push(`${key}: ${code}`)
  }
  if (op.requestBody !== undefined) {
    const body = op.requestBody
    const fields = [`content: ${emitContent(doc, body.content, ctx, true)}`]
    if (body.required === true) fields.push('required: true')
    if (typeof body.description === 'string') fields.push(`description: ${str(body.description)}`)
    request.push(`body: { ${fields.join(', ')} }`)
  }
  if (request.length > 0) parts.push(`request: { ${request.join(', ')} }`)

  const responses = Object.entries(op.responses).map(([status, res]) => {
    const fields = [`description: ${str(res.description ?? '')}`]
    if (isObject(res.headers)) {
      const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, deref(doc, v)]))
      fields.push(`headers: ${str(headers)}`)
    }
    if (isObject(res.content) && Object.keys(res.content).length > 0) {
      fields.push(`content: ${emitContent(doc, res.content, ctx, false)}`)
    }
    const key = /^\d+$/.test(status) ? status : str(status)
    return `${key}: { ${fields.join(', ')} }`
  })
  parts.push(`responses: {\n    ${responses.join(',\n    ')},\n  }`)
  return `{\n  ${parts.join(',\n  ')},\n}`
}
