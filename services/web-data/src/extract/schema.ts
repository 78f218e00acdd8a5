import { Ajv2020 } from 'ajv/dist/2020.js'
import { ApiError } from '../http/errors.js'

let ajv: Ajv2020 | undefined

/**
 * Checks an extraction schema against the JSON Schema meta-schema (draft 2020-12, which also
 * accepts the usual draft-07 keywords). 422 `Invalid JSON schema: <path> <problem>` otherwise.
 */
export function assertValidJsonSchema(schema: unknown): void {
  ajv ??= new Ajv2020({ strict: false, allErrors: false })
  let valid: boolean
  try {
    valid = ajv.validateSchema(schema as object) as boolean
  } catch (error) {
    throw new ApiError(422, `Invalid JSON schema: ${(error as Error).message}`)
  }
  if (!valid) {
    const first = ajv.errors?.[0]
    const where = first?.instancePath || '/'
    throw new ApiError(422, `Invalid JSON schema: ${where} ${first?.message ?? 'is not valid'}`, {
      details: ajv.errors?.slice(0, 10).map((e) => ({ path: e.instancePath, message: e.message })),
    })
  }
}
