import { ApiError, Errors } from '../errors.js'
import { conformanceErrors, type JsonSchema } from './json-schema.js'
import { missingFields } from './merge.js'
import type { ChatCompletion } from './openai-request.js'
import { ownField } from './own-fields.js'

const notConforming = (reason: string, details: Record<string, unknown> = {}) =>
  new ApiError(422, Errors.unprocessable, {
    code: 'EXTRACTION_NOT_CONFORMING',
    details: { reason, ...details },
  })

const allowsNull = (schema: JsonSchema | undefined) =>
  schema?.type === 'null' || (Array.isArray(schema?.type) && schema.type.includes('null'))

/** The JSON object in a model's message, also when wrapped in a ```json fence. */
function parseObject(content: string): Record<string, unknown> {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content)
  let value: unknown
  try {
    value = JSON.parse(fenced?.[1] ?? content)
  } catch {
    throw notConforming('The model could not produce a conforming result: its answer is not JSON.')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw notConforming('The model could not produce a conforming result: its answer is not a JSON object.')
  }
  return value as Record<string, unknown>
}

/**
 * The model's answer as a result of `schema`: parsed, its "not stated" nulls removed (a field the
 * schema does not let be null is missing, not null), and validated. With `partial`, top-level
 * `required` is not enforced: the page is one of several whose results are merged.
 * 422 `Unprocessable Entity` when the answer is not JSON or does not conform.
 */
export function conformingAnswer(
  completion: ChatCompletion,
  schema: JsonSchema,
  partial: boolean,
): { data: Record<string, unknown>; missing: string[] } {
  const message = completion.choices?.[0]?.message
  if (!message) {
    throw new ApiError(502, Errors.badGateway, {
      code: 'EXTRACTION_MODEL_FAILED',
      details: { reason: 'The extraction model sent a response without a message.' },
    })
  }
  if (message.refusal) throw notConforming(`The model refused: ${message.refusal}`)
  const data = parseObject(message.content ?? '')
  for (const [key, value] of Object.entries(data)) {
    if (value === null && !allowsNull(ownField(schema.properties, key))) delete data[key]
  }
  const { required: _required, ...anyFields } = schema
  const errors = conformanceErrors(partial ? anyFields : schema, data)
  if (errors.length > 0) {
    throw notConforming('The model could not produce a conforming result.', { errors })
  }
  return { data, missing: missingFields(data, schema) }
}
