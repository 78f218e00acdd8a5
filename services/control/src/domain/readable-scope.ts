import type { PermissionSet } from './permissions.js'

export type ReadableScope =
  | { kind: 'all'; allows: (environmentId: string) => boolean }
  | { kind: 'some'; ids: Set<string>; allows: (environmentId: string) => boolean }
  | { kind: 'none'; allows: (environmentId: string) => boolean }

/**
 * Which environments a key may list deployments of, given the operation's requirements
 * (`environment.*.read_deployment` or `environment.{environmentId}.read_deployment`): all of
 * them with a wildcard, else those whose id the key names.
 */
export function readableScope(
  permissions: PermissionSet,
  requirements: readonly (readonly string[])[],
): ReadableScope {
  if (permissions.satisfies(requirements, { environmentId: '*' })) return { kind: 'all', allows: () => true }
  const ids = new Set<string>()
  for (const alternative of requirements) {
    if (alternative.length !== 1) continue
    const match = /^([^.]+)\.\{environmentId\}\.([^.]+)$/.exec(alternative[0] ?? '')
    if (!match?.[1] || !match[2]) continue
    for (const id of permissions.idsWith(match[1], match[2])) if (id !== '*') ids.add(id)
  }
  if (ids.size === 0) return { kind: 'none', allows: () => false }
  return { kind: 'some', ids, allows: (id) => ids.has(id) }
}
