import { readFileSync } from 'node:fs'

/** The subset of an OpenAPI 3.1 document that the contract kit reads. */
export interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, OperationObject | unknown>>
  components?: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

export interface OperationObject {
  operationId?: string
  responses?: Record<string, ResponseObject | { $ref: string }>
  [key: string]: unknown
}

export interface ResponseObject {
  content?: Record<string, { schema?: unknown }>
  headers?: Record<string, unknown>
  [key: string]: unknown
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export function loadSpec(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument
}

/** Follows a local `#/…` reference inside the document. */
export function resolveRef<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  let current: unknown = value
  const seen = new Set<string>()
  while (current && typeof current === 'object' && '$ref' in current) {
    const ref = (current as { $ref: string }).$ref
    if (seen.has(ref)) throw new Error(`circular reference ${ref}`)
    seen.add(ref)
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc)
    if (current === undefined) throw new Error(`unresolved reference ${ref}`)
  }
  return current as T
}

/** Every operation of the document with its method and path template. */
export function listOperations(
  doc: OpenApiDocument,
): Array<{ method: string; path: string; operation: OperationObject }> {
  const out: Array<{
    method: string
    path: string
    operation: OperationObject
  }> = []
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, unknown>)[method]
      if (operation) out.push({ method, path, operation: operation as OperationObject })
    }
  }
  return out
}
