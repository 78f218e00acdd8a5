import type { ErrorObject } from 'ajv'
import { ApiError } from '../errors.js'
import { validatorFor } from './schema-dialects.js'

/** A JSON Schema, as far as the extractors read it. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  required?: string[]
  title?: string
  description?: string
  enum?: unknown[]
  [key: string]: unknown
}

/** What an extraction without a schema fills. */
export const DEFAULT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { title: { type: 'string' }, description: { type: 'string' } },
}

/**
 * Checks an extraction schema against the meta-schema of the dialect its `$schema` declares
 * (draft 2020-12 without one, which also accepts the usual draft-07 keywords). 422
 * `Invalid JSON schema: <path> <problem>` otherwise.
 */
export function assertValidJsonSchema(schema: unknown): void {
  let valid: boolean
  const validator = validatorFor(schema)
  try {
    valid = validator.validateSchema(schema as object) as boolean
  } catch (error) {
    throw new ApiError(422, `Invalid JSON schema: ${(error as Error).message}`)
  }
  if (!valid) {
    const first = validator.errors?.[0]
    const where = first?.instancePath || '/'
    throw new ApiError(422, `Invalid JSON schema: ${where} ${first?.message ?? 'is not valid'}`, {
      details: validator.errors?.slice(0, 10).map((e) => ({ path: e.instancePath, message: e.message })),
    })
  }
}

/** Where `value` breaks `schema`: an empty list when it conforms. */
export function conformanceErrors(
  schema: JsonSchema,
  value: unknown,
): Array<{ path: string; message: string }> {
  const validator = validatorFor(schema)
  // The schema's own $schema/$id would make Ajv look up or register it; neither matters here.
  const { $schema: _dialect, $id: _id, ...own } = schema
  const validate = validator.compile(own)
  try {
    if (validate(value)) return []
    return (validate.errors ?? []).slice(0, 10).map((e: ErrorObject) => ({
      path: e.instancePath || '/',
      message: e.message ?? 'is not valid',
    }))
  } finally {
    // Ajv keeps every compiled schema; a request's schema must not stay for the process's life.
    validator.removeSchema(own)
  }
}
