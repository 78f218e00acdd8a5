/**
 * control-closed-request-body: request bodies reject unknown properties. The (resolved) schema
 * of every request body media type has `additionalProperties: false` or
 * `unevaluatedProperties: false`; for an array body (`ratelimit.multiLimit`) the same holds for
 * its `items`.
 */
import { contentOf, operationVisitor, reporter } from '../operations.js'
import { followChild, isObject, type JsonObject, type Located } from '../refs.js'
import type { Rule } from '../types.js'

function isClosed(schema: JsonObject): boolean {
  return schema.additionalProperties === false || schema.unevaluatedProperties === false
}

export const controlClosedRequestBody: Rule = () => {
  const seen = new Set<string>()
  return operationVisitor((op, ctx) => {
    const report = reporter(ctx, seen)
    const body = followChild<JsonObject>(ctx, op, 'requestBody')
    if (!body) return
    for (const [mediaType, media] of contentOf(ctx, body)) {
      let schema: Located<JsonObject> | undefined = followChild<JsonObject>(ctx, media, 'schema')
      if (!schema || !isObject(schema.node)) continue
      let subject = schema.name ?? `the ${mediaType} request body schema`
      if (schema.node.type === 'array') {
        schema = followChild<JsonObject>(ctx, schema, 'items')
        if (!schema || !isObject(schema.node)) continue
        subject = `the items of ${subject}`
      }
      if (!isClosed(schema.node)) {
        const keyword = Array.isArray(schema.node.allOf) ? 'unevaluatedProperties' : 'additionalProperties'
        report(
          `operation ${op.name}: ${subject} accepts unknown properties; add ${keyword}: false so that the request body is closed.`,
          schema.location,
          'open',
        )
      }
    }
  })
}
