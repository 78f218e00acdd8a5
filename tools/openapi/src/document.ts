/** Structural types of the parts of an OpenAPI 3.1 document that the tools read. */

export type JsonObject = { [key: string]: unknown }

/** A `$ref` object: `{ $ref: '#/components/schemas/Foo' }`. */
export interface Reference {
  $ref: string
}

export interface OpenApiDocument {
  openapi: string
  info?: JsonObject
  paths?: Record<string, unknown>
  components?: Record<string, unknown>
  [key: string]: unknown
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isReference(value: unknown): value is Reference {
  return isObject(value) && typeof value.$ref === 'string'
}
