import { walkOperations } from '@apiplatform/openapi-toolkit'
import type { OpenApiDocument } from '../spec.js'
import { deref, type Schema } from './schema-arbitrary.js'

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schema: Schema
  example?: unknown
}

/** What the fuzzer needs to know of one operation of the bundle. */
export interface FuzzOperation {
  /** The operationId, or `METHOD /template` without one. */
  id: string
  method: string
  template: string
  parameters: Parameter[]
  body?: {
    mediaType: string
    schema: Schema
    required: boolean
    examples: unknown[]
  }
  /** Security scheme names the operation accepts; empty: public. */
  security: string[]
  statuses: string[]
}

export function fuzzOperations(doc: OpenApiDocument): FuzzOperation[] {
  const globalSecurity = (doc.security as Array<Record<string, unknown>> | undefined) ?? []
  return walkOperations(doc).map(({ method, path, operation, parameters: params, requestBody, statuses }) => {
    const parameters = (params as unknown as Parameter[]).map((p) => ({
      ...p,
      schema: deref(doc, p.schema ?? {}),
      required: p.required === true,
    }))
    const content =
      (requestBody?.content as Record<
        string,
        { schema?: unknown; example?: unknown; examples?: Record<string, { value?: unknown }> }
      >) ?? {}
    const mediaType = Object.keys(content)[0]
    const media = mediaType ? content[mediaType] : undefined
    const security = (
      (operation.security as Array<Record<string, unknown>> | undefined) ?? globalSecurity
    ).flatMap((s) => Object.keys(s))
    return {
      id:
        typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      template: path,
      parameters,
      ...(mediaType && media
        ? {
            body: {
              mediaType,
              schema: deref(doc, media.schema ?? {}),
              required: requestBody?.required === true,
              examples: [
                ...(media.example !== undefined ? [media.example] : []),
                ...Object.values(media.examples ?? {}).map((e) => deref(doc, e).value),
              ].filter((v) => v !== undefined),
            },
          }
        : {}),
      security,
      statuses,
    }
  })
}
