import { isObject, isReference, type OpenApiDocument } from './document.js'

export interface DerefOptions {
  /**
   * `true` (the default): a missing target, a circular chain or a non-local `$ref` throws.
   * `false`: they give `undefined`, for reading documents that may be incomplete.
   */
  strict?: boolean
}

/** The keys of a local JSON pointer (`#/components/schemas/a~1b` → `['components', 'schemas', 'a/b']`). */
export function pointerKeys(ref: string): string[] {
  if (ref === '#') return []
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported (bundle the spec first): ${ref}`)
  return ref
    .slice(2)
    .split('/')
    .map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The node a local JSON pointer names. */
export function resolvePointer(doc: OpenApiDocument, ref: string, options: DerefOptions = {}): unknown {
  const strict = options.strict !== false
  let keys: string[]
  try {
    keys = pointerKeys(ref)
  } catch (error) {
    if (strict) throw error
    return undefined
  }
  let node: unknown = doc
  for (const key of keys) {
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined
    if (node === undefined) break
  }
  if (node === undefined && strict) throw new Error(`Cannot resolve ${ref}`)
  return node
}

/**
 * Follows `$ref`s (and chains of them) until a node that is not a reference. Only the node itself
 * is resolved: references inside it stay, so that generators can still name the components they
 * point at and recursive schemas stay finite.
 */
export function deref<T = Record<string, unknown>>(
  doc: OpenApiDocument,
  value: unknown,
  options: DerefOptions = {},
): T {
  let node = value
  const seen = new Set<string>()
  while (isReference(node)) {
    if (seen.has(node.$ref)) {
      if (options.strict !== false) throw new Error(`Circular $ref ${node.$ref}`)
      return undefined as T
    }
    seen.add(node.$ref)
    node = resolvePointer(doc, node.$ref, options)
  }
  return node as T
}
