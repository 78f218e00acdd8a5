/**
 * Reference handling shared by the rules. Redocly walks the document with its refs already
 * resolved, but a rule that looks *into* a node (an operation's responses, a response's
 * schema) meets raw `$ref`s, possibly in another file. These helpers follow them with
 * `ctx.resolve`, keeping track of the file each node lives in.
 */
import type { Location, UserContext } from './types.js'

export type JsonObject = Record<string, unknown>

/** A node reached by following zero or more `$ref`s, with where it really lives. */
export interface Located<T = JsonObject> {
  node: T
  location: Location
  /** Component name of the target when at least one `$ref` was followed (see {@link refTargetName}). */
  name: string | undefined
  /** True when the node was reached through a `$ref`. */
  viaRef: boolean
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isRef(value: unknown): value is { $ref: string } & JsonObject {
  return isObject(value) && typeof value.$ref === 'string'
}

function decodePointerSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')
}

/**
 * The name of the thing a resolved `$ref` points at: the last pointer segment
 * (`#/components/schemas/Meta` → `Meta`) or, for a whole file, its base name
 * (`components/schemas/Meta.yaml` → `Meta`).
 */
export function refTargetName(location: Location): string {
  const pointer = location.pointer.replace(/^#/, '')
  if (pointer !== '' && pointer !== '/') {
    const last = pointer.split('/').pop() ?? ''
    return decodePointerSegment(last)
  }
  const file = location.source.absoluteRef.split(/[\\/]/).pop() ?? ''
  return file.replace(/\.(ya?ml|json)$/i, '')
}

/**
 * Follows `node` through any chain of `$ref`s. `location` is where `node` itself sits; refs are
 * resolved relative to its file. Returns undefined for a ref that does not resolve (Redocly's
 * own `no-unresolved-refs` reports those) or for a ref cycle.
 */
export function follow<T = JsonObject>(
  ctx: UserContext,
  node: unknown,
  location: Location,
): Located<T> | undefined {
  let current: unknown = node
  let at = location
  let name: string | undefined
  let viaRef = false
  const seen = new Set<string>()
  while (isRef(current)) {
    const resolved = ctx.resolve<unknown>(current, at.source.absoluteRef)
    if (resolved.node === undefined || resolved.location === undefined) return undefined
    if (seen.has(resolved.location.absolutePointer)) return undefined
    seen.add(resolved.location.absolutePointer)
    current = resolved.node
    at = resolved.location
    name = refTargetName(at)
    viaRef = true
  }
  if (current === undefined) return undefined
  return { node: current as T, location: at, name, viaRef }
}

/** Follows `parent[key]` (a child of a located node), or undefined when it is absent. */
export function followChild<T = JsonObject>(
  ctx: UserContext,
  parent: Located<JsonObject>,
  key: string | number,
): Located<T> | undefined {
  const child = parent.node[key]
  if (child === undefined) return undefined
  return follow<T>(ctx, child, parent.location.child(key))
}

/** The entries of an object-valued child, each followed through its refs. */
export function followEntries(
  ctx: UserContext,
  parent: Located<JsonObject>,
  key: string,
): Array<[string, Located<JsonObject>]> {
  const map = parent.node[key]
  if (!isObject(map)) return []
  const location = parent.location.child(key)
  const out: Array<[string, Located<JsonObject>]> = []
  for (const [name, value] of Object.entries(map)) {
    const located = follow<JsonObject>(ctx, value, location.child(name))
    if (located && isObject(located.node)) out.push([name, located])
  }
  return out
}
