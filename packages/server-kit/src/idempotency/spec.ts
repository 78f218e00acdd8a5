import { deref, type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'

/**
 * The operations of a bundled spec that declare the `Idempotency-Key` header parameter: the ones a
 * service honours it on, so that the spec alone says which operations are writes.
 */
export function keyedOperations(spec: { paths?: unknown; components?: unknown }): ReadonlySet<string> {
  const doc = spec as OpenApiDocument
  const out = new Set<string>()
  // The operation's own parameters: a path item's are not read.
  for (const { operationId, operation } of walkOperations(doc, { order: 'document', strict: false })) {
    const { parameters } = operation as { parameters?: unknown[] }
    if (!operationId || !Array.isArray(parameters)) continue
    const keyed = parameters.some((p) => {
      const param = deref<{ in?: string; name?: string } | undefined>(doc, p, { strict: false })
      return param?.in === 'header' && param.name?.toLowerCase() === 'idempotency-key'
    })
    if (keyed) out.add(operationId)
  }
  return out
}
