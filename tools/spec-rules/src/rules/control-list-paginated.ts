/**
 * control-list-paginated: a control operation whose procedure starts with `list`
 * (`deployments.listDeployments`) answers 200 with the paginated envelope: `data` is an array
 * and `pagination` is a `$ref` to the shared `Pagination` schema, both required.
 *
 * Option `allow`: operationIds exempt from the rule, for list operations the public interface
 * does not paginate.
 */
import { contentOf, operationVisitor, responsesOf } from '../operations.js'
import { followChild, isObject, isRef, type JsonObject, type Located } from '../refs.js'
import type { Rule, UserContext } from '../types.js'

/** The properties of an object schema, including those contributed by `allOf` members. */
function propertiesOf(ctx: UserContext, schema: Located<JsonObject>) {
  const found = new Map<string, Located<JsonObject>>()
  const required = new Set<string>()
  const visit = (s: Located<JsonObject>, depth: number) => {
    if (depth > 5) return
    if (Array.isArray(s.node.required)) for (const r of s.node.required) required.add(String(r))
    if (isObject(s.node.properties)) {
      const props = { ...s, node: s.node.properties, location: s.location.child('properties') }
      for (const key of Object.keys(s.node.properties)) {
        const raw = s.node.properties[key]
        const located = followChild<JsonObject>(ctx, props, key)
        if (located && !found.has(key)) found.set(key, { ...located, viaRef: isRef(raw) })
      }
    }
    if (Array.isArray(s.node.allOf)) {
      s.node.allOf.forEach((_, i) => {
        const allOf = {
          ...s,
          node: s.node.allOf as unknown as JsonObject,
          location: s.location.child('allOf'),
        }
        const member = followChild<JsonObject>(ctx, allOf, i)
        if (member && isObject(member.node)) visit(member, depth + 1)
      })
    }
  }
  visit(schema, 0)
  return { properties: found, required }
}

function isArraySchema(schema: JsonObject): boolean {
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))
}

export const controlListPaginated: Rule = (options) => {
  const allow = new Set(Array.isArray(options.allow) ? options.allow.map(String) : [])
  return operationVisitor((op, ctx) => {
    const procedure = (op.path.split('.').pop() ?? '').replace(/^\/v2\//, '')
    if (!/^list[A-Z0-9]?/.test(procedure) || allow.has(op.name)) return
    const report = (message: string, location = op.location.key()) => ctx.report({ message, location })

    const ok = responsesOf(ctx, op).find(([status]) => status === '200')
    if (!ok) {
      report(
        `operation ${op.name}: a list operation must answer 200 with the paginated envelope { meta, data: [...], pagination }.`,
      )
      return
    }
    const [, response] = ok
    const json = contentOf(ctx, response).find(([type]) => type === 'application/json')
    const schema = json && followChild<JsonObject>(ctx, json[1], 'schema')
    if (!schema || !isObject(schema.node)) {
      report(
        `operation ${op.name}: response 200 needs an application/json schema with data (array) and pagination (Pagination).`,
        response.location,
      )
      return
    }
    const { properties, required } = propertiesOf(ctx, schema)
    const pagination = properties.get('pagination')
    if (!pagination?.viaRef || pagination.name !== 'Pagination') {
      report(
        `operation ${op.name}: the 200 body (${schema.name ?? 'inline schema'}) must have a property pagination: {$ref: Pagination} (cursor, hasMore)${pagination ? `; it refers to ${pagination.name ?? 'an inline schema'}` : ''}.`,
        pagination ? pagination.location : schema.location,
      )
    }
    const data = properties.get('data')
    if (!data || !isArraySchema(data.node)) {
      report(
        `operation ${op.name}: the 200 body (${schema.name ?? 'inline schema'}) must have a property data of type array (the page of items).`,
        data ? data.location : schema.location,
      )
    }
    for (const field of ['data', 'pagination']) {
      if (properties.has(field) && !required.has(field)) {
        report(
          `operation ${op.name}: list "${field}" in required of the 200 body (${schema.name ?? 'inline schema'}).`,
          schema.location,
        )
      }
    }
  })
}
