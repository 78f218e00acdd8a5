/**
 * control-required-permissions: every control operation declares `x-required-permissions`, a
 * list of alternatives (any one grants access), each a non-empty list of permissions that must
 * all be held, in the legacy tuple notation `<resource_type>.<resource_id>.<action>`; the
 * resource id is a literal id, `*`, or `{param}` (taken from the request or the resource). An
 * empty list (no permission needed) is allowed only on a public operation (`security: []`).
 *
 * The description states every permission in prose, in both notations: the tuple
 * (`environment.*.rollback_deployment`) and the resource name
 * (`environment/*#rollback_deployment`).
 */
import { operationVisitor } from '../operations.js'
import type { Rule } from '../types.js'

const PERMISSION = /^([a-z][a-z0-9_]*)\.(\*|\{[A-Za-z][A-Za-z0-9_]*\}|[A-Za-z0-9_-]+)\.([a-z][a-z0-9_]*)$/

/** `environment.*.rollback_deployment` → `environment/*#rollback_deployment`. */
export function resourceName(permission: string): string | undefined {
  const match = PERMISSION.exec(permission)
  return match ? `${match[1]}/${match[2]}#${match[3]}` : undefined
}

export const controlRequiredPermissions: Rule = () =>
  operationVisitor((op, ctx, root) => {
    const at = (key?: string | Array<string | number>) =>
      key === undefined ? op.location.key() : op.location.child(key)
    const report = (message: string, key?: string | Array<string | number>) =>
      ctx.report({ message, location: at(key) })
    const value = op.node['x-required-permissions']
    const example =
      '[["environment.*.rollback_deployment"], ["environment.{environmentId}.rollback_deployment"]]'
    if (value === undefined) {
      report(
        `operation ${op.name}: add x-required-permissions, a list of alternatives such as ${example} (or [] with security: [] for a public operation).`,
      )
      return
    }
    if (!Array.isArray(value)) {
      report(
        `operation ${op.name}: x-required-permissions must be an array of arrays of strings, e.g. ${example}.`,
        'x-required-permissions',
      )
      return
    }
    const security = op.node.security ?? root.security
    const isPublic = Array.isArray(security) && security.length === 0
    if (value.length === 0 && !isPublic) {
      report(
        `operation ${op.name}: x-required-permissions is empty but the operation requires authentication; list the permissions, or set security: [] if it is really public.`,
        'x-required-permissions',
      )
    }
    const permissions: string[] = []
    value.forEach((alternative, i) => {
      if (!Array.isArray(alternative) || alternative.length === 0) {
        report(
          `operation ${op.name}: x-required-permissions[${i}] must be a non-empty array of permission strings (all of which must be held).`,
          ['x-required-permissions', i],
        )
        return
      }
      alternative.forEach((permission, j) => {
        if (typeof permission !== 'string' || !PERMISSION.test(permission)) {
          report(
            `operation ${op.name}: x-required-permissions[${i}][${j}] ${JSON.stringify(permission)} is not a permission of the form <resource_type>.<resource_id>.<action> (resource id: an id, * or {param}), e.g. "api.*.create_key".`,
            ['x-required-permissions', i, j],
          )
          return
        }
        if (!permissions.includes(permission)) permissions.push(permission)
      })
    })
    if (permissions.length === 0) return
    const description = typeof op.node.description === 'string' ? op.node.description : ''
    for (const permission of permissions) {
      const name = resourceName(permission)
      const missing = [permission, name].filter(
        (text): text is string => !!text && !description.includes(text),
      )
      if (missing.length > 0) {
        report(
          `operation ${op.name}: the description must state the required permission ${permission} in both notations; add ${missing.map((text) => `\`${text}\``).join(' and ')}.`,
          description ? 'description' : undefined,
        )
      }
    }
  })
