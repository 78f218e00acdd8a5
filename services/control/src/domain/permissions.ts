/**
 * Root-key permissions. A key holds permission strings in either notation:
 *
 * - legacy tuples `<resource_type>.<resource_id>.<action>`, e.g. `environment.*.rollback_deployment`;
 * - resource names `<resource_type>/<resource_id>#<action>`, e.g. `environment/env_123#rollback_deployment`.
 *
 * `*` in the resource part (type or id) matches anything. An operation requires a list of
 * alternatives (`x-required-permissions` of the spec); each alternative is a list of permissions
 * that must all be held. Placeholders such as `{environmentId}` are filled from the resource.
 */

export interface Permission {
  type: string
  id: string
  action: string
}

const SEGMENT = /^[A-Za-z0-9_*-]+$/

/** Parses a permission in either notation; undefined when it is neither. */
export function parsePermission(text: string): Permission | undefined {
  const hash = text.indexOf('#')
  if (hash >= 0) {
    const resource = text.slice(0, hash)
    const action = text.slice(hash + 1)
    const slash = resource.indexOf('/')
    if (slash < 0) return undefined
    return checked({ type: resource.slice(0, slash), id: resource.slice(slash + 1), action })
  }
  const parts = text.split('.')
  if (parts.length !== 3) return undefined
  const [type, id, action] = parts as [string, string, string]
  return checked({ type, id, action })
}

function checked(p: Permission): Permission | undefined {
  return SEGMENT.test(p.type) && SEGMENT.test(p.id) && SEGMENT.test(p.action) && !p.action.includes('*')
    ? p
    : undefined
}

/** Whether a held permission grants a required one. A held `*` matches any type or id. */
export function grants(held: Permission, required: Permission): boolean {
  return (
    held.action === required.action &&
    (held.type === '*' || held.type === required.type) &&
    (held.id === '*' || held.id === required.id)
  )
}

/** Fills `{name}` placeholders from `values`; undefined when one has no value. */
export function fillPlaceholders(
  template: string,
  values: Record<string, string | undefined>,
): string | undefined {
  let missing = false
  const out = template.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    const value = values[name]
    if (value === undefined) missing = true
    return value ?? ''
  })
  return missing ? undefined : out
}

/**
 * A key's permissions, parsed once; strings that are neither notation are ignored. The set lives
 * as long as its cached root key and answers the same checks on every request, so answers by
 * permission string are remembered (bounded: ids in checked resources vary).
 */
export class PermissionSet {
  private readonly held: Permission[]
  private readonly answers = new Map<string, boolean>()
  private readonly ids = new Map<string, ReadonlySet<string>>()

  constructor(readonly raw: readonly string[]) {
    this.held = raw.map(parsePermission).filter((p): p is Permission => p !== undefined)
  }

  has(required: string | Permission): boolean {
    if (typeof required !== 'string') return this.held.some((h) => grants(h, required))
    let answer = this.answers.get(required)
    if (answer === undefined) {
      const wanted = parsePermission(required)
      answer = wanted !== undefined && this.held.some((h) => grants(h, wanted))
      if (this.answers.size >= MAX_REMEMBERED) this.answers.clear()
      this.answers.set(required, answer)
    }
    return answer
  }

  /**
   * Whether any alternative of `requirements` is fully held once its placeholders are filled
   * from `resource`. An alternative with a placeholder that `resource` cannot fill is skipped.
   * An empty list of alternatives needs no permission.
   */
  satisfies(
    requirements: readonly (readonly string[])[],
    resource: Record<string, string | undefined> = {},
  ): boolean {
    if (requirements.length === 0) return true
    return requirements.some((alternative) =>
      alternative.every((template) => {
        const filled = fillPlaceholders(template, resource)
        return filled !== undefined && this.has(filled)
      }),
    )
  }

  /**
   * Whether some alternative of `requirements` could be held for some resource: each of its
   * permissions is held with a wildcard id, the exact id the template names, or (where the
   * template has a placeholder) any id. False means no request to the operation can be allowed,
   * whatever it names, so it can be refused before the request is even read.
   */
  mightSatisfy(requirements: readonly (readonly string[])[]): boolean {
    if (requirements.length === 0) return true
    return requirements.some((alternative) =>
      alternative.every((template) => {
        const wanted = parsePermission(template.replace(/\{[A-Za-z0-9_]+\}/g, ANY_ID))
        if (!wanted) return false
        return this.held.some(
          (h) =>
            h.action === wanted.action &&
            (h.type === '*' || h.type === wanted.type) &&
            (h.id === '*' || wanted.id === ANY_ID || h.id === wanted.id),
        )
      }),
    )
  }

  /** Ids of `type` for which the key holds `action` (`'*'` among them for a wildcard). */
  idsWith(type: string, action: string): ReadonlySet<string> {
    const cacheKey = `${type}\u0000${action}`
    let ids = this.ids.get(cacheKey)
    if (ids === undefined) {
      const found = new Set<string>()
      for (const h of this.held)
        if (h.action === action && (h.type === '*' || h.type === type)) found.add(h.id)
      ids = found
      if (this.ids.size >= MAX_REMEMBERED) this.ids.clear()
      this.ids.set(cacheKey, ids)
    }
    return ids
  }
}

const MAX_REMEMBERED = 1000
/** Stands for a template's placeholder in `mightSatisfy`: any held id matches it. */
const ANY_ID = '__any_id__'
