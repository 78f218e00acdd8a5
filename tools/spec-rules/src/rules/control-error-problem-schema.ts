/**
 * control-error-problem-schema: every 4xx/5xx response of a control operation uses the shared
 * problem envelope. Its media type schema is a `$ref` to an `…ErrorResponse` component whose
 * `meta` is `Meta` and whose `error` is `BadRequestErrorDetails` (400) or `BaseError` (every
 * other status). 429 is served as `application/problem+json`, every other error as
 * `application/json`.
 */
import { contentOf, isErrorStatus, operationVisitor, reporter, responsesOf } from '../operations.js'
import { followChild, isObject, isRef, type JsonObject } from '../refs.js'
import type { Rule } from '../types.js'

export const controlErrorProblemSchema: Rule = () => {
  const seen = new Set<string>()
  return operationVisitor((op, ctx) => {
    const report = reporter(ctx, seen)
    for (const [status, response] of responsesOf(ctx, op)) {
      if (!isErrorStatus(status)) continue
      const what = `operation ${op.name}: response ${status}`
      const expectedType = status === '429' ? 'application/problem+json' : 'application/json'
      const expectedError = status === '400' ? 'BadRequestErrorDetails' : 'BaseError'
      const content = contentOf(ctx, response)
      if (content.length === 0) {
        report(
          `${what} has no body; add content ${expectedType} with a schema $ref to an …ErrorResponse component.`,
          response.location,
        )
        continue
      }
      for (const [mediaType, media] of content) {
        const mediaLocation = response.location.child(['content', mediaType])
        if (mediaType !== expectedType) {
          report(
            `${what}: use content type ${expectedType} instead of ${mediaType}${status === '429' ? ' (rate-limit errors are problem+json)' : ''}.`,
            mediaLocation.key(),
            `type ${mediaType}`,
          )
        }
        const rawSchema = media.node.schema
        if (!isRef(rawSchema)) {
          report(
            `${what} (${mediaType}): the schema must be a $ref to a shared …ErrorResponse component (e.g. components/schemas/NotFoundErrorResponse.yaml), not an inline schema.`,
            rawSchema === undefined ? media.location : media.location.child('schema'),
            'inline',
          )
          continue
        }
        const schema = followChild<JsonObject>(ctx, media, 'schema')
        if (!schema || !isObject(schema.node)) continue
        if (!schema.name?.endsWith('ErrorResponse')) {
          report(
            `${what} (${mediaType}): the schema refers to "${schema.name}"; refer to one of the …ErrorResponse components instead.`,
            media.location.child('schema'),
            `name ${schema.name}`,
          )
          continue
        }
        const properties = isObject(schema.node.properties) ? schema.node.properties : {}
        const propertiesLocation = schema.location.child('properties')
        const propsLocated = { ...schema, node: properties, location: propertiesLocation }
        const error = followChild<JsonObject>(ctx, propsLocated, 'error')
        if (!isRef(properties.error) || error?.name !== expectedError) {
          report(
            `${what}: ${schema.name}.error must be a $ref to ${expectedError}${error?.name ? `, not ${error.name}` : ''}.`,
            properties.error === undefined ? schema.location : propertiesLocation.child('error'),
            `error of ${schema.name} for ${expectedError}`,
          )
        }
        const meta = followChild<JsonObject>(ctx, propsLocated, 'meta')
        if (!isRef(properties.meta) || meta?.name !== 'Meta') {
          report(
            `${what}: ${schema.name}.meta must be a $ref to Meta.`,
            properties.meta === undefined ? schema.location : propertiesLocation.child('meta'),
            `meta of ${schema.name}`,
          )
        }
        const required = Array.isArray(schema.node.required) ? schema.node.required : []
        for (const field of ['meta', 'error']) {
          if (!required.includes(field)) {
            report(
              `${what}: ${schema.name} must list "${field}" in required.`,
              schema.location,
              `required ${field}`,
            )
          }
        }
      }
    }
  })
}
