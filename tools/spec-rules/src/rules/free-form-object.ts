/**
 * free-form-object: an object schema says what it holds. A bare `type: object` (no properties,
 * no additionalProperties, no composition) means "any properties" to a validator, but
 * openapi-typescript types it as an object that holds nothing (`Record<string, never>`); a
 * free-form object says so with `additionalProperties: true`.
 */
import type { Rule, UserContext } from '../types.js'

const SHAPING = [
  'properties',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'allOf',
  'oneOf',
  'anyOf',
  '$ref',
]

export const freeFormObject: Rule = () => ({
  Schema: {
    enter(schema: Record<string, unknown>, ctx: UserContext) {
      const type = schema.type
      const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'))
      if (!isObject || SHAPING.some((key) => key in schema)) return
      ctx.report({
        message:
          'A bare `type: object`: add `additionalProperties: true` for a free-form object (openapi-typescript ' +
          'types a bare object as one that holds nothing), or list its properties.',
        location: ctx.location.child('type'),
      })
    },
  },
})
