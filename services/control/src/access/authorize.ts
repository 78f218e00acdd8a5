/**
 * Authorization: whether a caller's permissions allow the operation it runs, from the
 * operation's `x-required-permissions` (generated from the spec). Permissions may name the
 * resource acted on, so most of it is decided once that resource is found (see access/).
 */

import type { OperationId } from '@apiplatform/control-routes'
import { requiredPermissions as permissionTable, spec } from '@apiplatform/control-routes'
import { documentedStatuses } from '@apiplatform/server-kit'
import { type ApiError, forbidden } from '../domain/errors.js'
import { fillPlaceholders } from '../domain/permissions.js'
import type { Caller } from './caller.js'

/** The `x-required-permissions` of an operation (a list of alternatives), generated from the spec. */
export function requiredPermissions(operationId: OperationId): readonly (readonly string[])[] {
  return permissionTable[operationId] ?? []
}

/**
 * Whether the caller may run its operation on a resource: some alternative of the operation's
 * `x-required-permissions` is fully held, with `{placeholders}` filled from `resource`.
 */
export function authorize(caller: Caller, resource: Record<string, string | undefined> = {}): boolean {
  return caller.permissions.satisfies(requiredPermissions(caller.operationId), resource)
}

const statuses = documentedStatuses(spec)

/**
 * False when the caller holds nothing that could allow its operation, whatever resource it names,
 * and the operation documents 403 (the others answer 404 by design, after validation). Decided
 * before validation, so neither a 400 nor a 404 tells such a caller anything.
 */
export function mayTry(caller: Caller): boolean {
  if (!statuses.get(caller.operationId)?.has(403)) return true
  return caller.permissions.mightSatisfy(requiredPermissions(caller.operationId))
}

/** The 403 of a caller that may not try: it names the permissions with the ids in `named`. */
export function refusedOutright(caller: Caller, named: Record<string, string | undefined>): ApiError {
  const needed = requiredPermissions(caller.operationId)
    .map((alternative) =>
      alternative
        .map((template) => fillPlaceholders(template, named) ?? template.replace(/[{}]/g, ''))
        .join(' and '),
    )
    .join(' or ')
  const who = caller.portalSession ? 'The portal session' : 'The root key'
  return forbidden(`${who} lacks ${needed}.`)
}

/** Every permission the spec knows, with wildcard ids: what the bootstrap root key holds. */
export function everyPermission(): string[] {
  // Permissions that operations check besides their x-required-permissions (named in descriptions).
  const all = new Set<string>(['ratelimit.*.create_namespace'])
  for (const alternatives of Object.values(permissionTable)) {
    for (const alternative of alternatives) {
      for (const template of alternative) all.add(template.replace(/\{[A-Za-z0-9_]+\}/g, '*'))
    }
  }
  // Named only in operation descriptions (keys.getKey and apis.listKeys with `decrypt`).
  all.add('api.*.decrypt_key')
  return [...all].sort()
}
