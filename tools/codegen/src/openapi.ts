/** Minimal structural types of the parts of an OpenAPI 3.1 document the generator reads. */

export type JsonObject = { [key: string]: unknown }

export interface OpenApiDocument {
  openapi: string
  info?: JsonObject
  paths?: Record<string, JsonObject>
  components?: {
    schemas?: Record<string, unknown>
    responses?: Record<string, unknown>
    parameters?: Record<string, unknown>
    requestBodies?: Record<string, unknown>
    headers?: Record<string, unknown>
    [key: string]: unknown
  }
  [key: string]: unknown
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads a local JSON pointer (`#/components/schemas/Foo`) from the document. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported (bundle the spec first): ${ref}`)
  let node: unknown = doc
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(node) && !Array.isArray(node)) throw new Error(`Cannot resolve ${ref}`)
    node = (node as JsonObject)[key]
  }
  if (node === undefined) throw new Error(`Cannot resolve ${ref}`)
  return node
}

/** Follows `$ref`s (of responses, parameters, request bodies, headers) until a concrete object is found. */
export function deref<T = JsonObject>(doc: OpenApiDocument, value: unknown): T {
  let node = value
  const seen = new Set<string>()
  while (isObject(node) && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`Circular $ref ${node.$ref}`)
    seen.add(node.$ref)
    node = resolvePointer(doc, node.$ref)
  }
  return node as T
}

export const SCHEMA_REF_PREFIX = '#/components/schemas/'
