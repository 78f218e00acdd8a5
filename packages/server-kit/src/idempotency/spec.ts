/**
 * The operations of a bundled spec that declare the `Idempotency-Key` header parameter: the ones a
 * service honours it on, so that the spec alone says which operations are writes.
 */
export function keyedOperations(spec: { paths?: unknown; components?: unknown }): ReadonlySet<string> {
  const out = new Set<string>()
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const op of Object.values(item)) {
      const { operationId, parameters } = (op ?? {}) as { operationId?: string; parameters?: unknown[] }
      if (!operationId || !Array.isArray(parameters)) continue
      const keyed = parameters.some((p) => {
        const param = resolve(spec, p) as { in?: string; name?: string }
        return param?.in === 'header' && param.name?.toLowerCase() === 'idempotency-key'
      })
      if (keyed) out.add(operationId)
    }
  }
  return out
}

/** Follows a local `$ref` (`#/components/parameters/…`), the only kind a bundle holds. */
function resolve(spec: unknown, node: unknown): unknown {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node
  let at: unknown = spec
  for (const part of ref.slice(2).split('/'))
    at = (at as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  return at
}
