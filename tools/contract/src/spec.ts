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

export function loadSpec(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument
}
