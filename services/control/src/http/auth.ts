/**
 * Authentication of every operation that documents a security requirement: a root key as a
 * bearer token. A missing, malformed, unknown, expired or revoked key answers 401; authorization
 * (403, or the deliberate 404 of some operations) is decided by the handlers with `authorize`,
 * because permissions may name the resource being acted on.
 */
import { extensions, type OperationId, spec } from '@apiplatform/control-routes'
import type { Database } from '@apiplatform/server-kit'
import type { Context, MiddlewareHandler } from 'hono'
import { unauthorized } from '../domain/errors.js'
import { PermissionSet } from '../domain/permissions.js'
import { findRootKeyBySecret } from '../repositories/keys.js'
import type { ServiceEnv } from './env.js'
import { errorResponse } from './problems.js'

/** Whether an operation needs credentials (its `security` is not the empty list). */
export function operationIsPublic(operationId: OperationId): boolean {
  for (const item of Object.values(spec.paths)) {
    for (const op of Object.values(item)) {
      const o = op as { operationId?: string; security?: unknown[] }
      if (o?.operationId === operationId) return Array.isArray(o.security) && o.security.length === 0
    }
  }
  return false
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/

export function authenticate(db: Database, now: () => number): MiddlewareHandler<ServiceEnv> {
  const publicOps = new Map<OperationId, boolean>()
  return async (c, next) => {
    const operationId = c.get('operationId')
    let isPublic = publicOps.get(operationId)
    if (isPublic === undefined) {
      isPublic = operationIsPublic(operationId)
      publicOps.set(operationId, isPublic)
    }
    if (isPublic) return next()
    const header = c.req.header('authorization')
    if (!header || header.trim() === '') {
      return errorResponse(
        c,
        unauthorized(
          'missing',
          'The Authorization header is missing. Send `Authorization: Bearer <ROOT_KEY>`.',
        ),
      )
    }
    const match = BEARER.exec(header.trim())
    if (!match?.[1]) {
      return errorResponse(
        c,
        unauthorized(
          'malformed',
          'The Authorization header is malformed. Send `Authorization: Bearer <ROOT_KEY>`.',
        ),
      )
    }
    const key = await findRootKeyBySecret(db, match[1])
    if (!key)
      return errorResponse(
        c,
        unauthorized('key_not_found', 'The root key is invalid, expired or has been revoked.'),
      )
    const at = now()
    if (key.revokedAt !== null && key.revokedAt <= at) {
      return errorResponse(c, unauthorized('key_revoked', 'The root key has been revoked.'))
    }
    if (key.expiresAt !== null && key.expiresAt <= at) {
      return errorResponse(c, unauthorized('key_expired', 'The root key has expired.'))
    }
    c.set('caller', {
      keyId: key.id,
      workspaceId: key.workspaceId,
      permissions: new PermissionSet(key.permissions),
    })
    return next()
  }
}

/** The `x-required-permissions` of an operation (a list of alternatives). */
export function requiredPermissions(operationId: OperationId): readonly (readonly string[])[] {
  const ops = extensions as Record<string, { operation: Record<string, unknown> }>
  const value = ops[operationId]?.operation['x-required-permissions']
  return Array.isArray(value) ? (value as string[][]) : []
}

/**
 * Whether the caller may run the current operation on a resource: some alternative of the
 * operation's `x-required-permissions` is fully held, with `{placeholders}` filled from `resource`.
 */
export function authorize(
  c: Context<ServiceEnv>,
  resource: Record<string, string | undefined> = {},
): boolean {
  return c.get('caller').permissions.satisfies(requiredPermissions(c.get('operationId')), resource)
}

/** Every permission the spec knows, with wildcard ids: what the bootstrap root key holds. */
export function everyPermission(): string[] {
  // Permissions that operations check besides their x-required-permissions (named in descriptions).
  const all = new Set<string>(['ratelimit.*.create_namespace'])
  for (const entry of Object.values(extensions as Record<string, { operation: Record<string, unknown> }>)) {
    const alternatives = entry.operation['x-required-permissions']
    if (!Array.isArray(alternatives)) continue
    for (const alternative of alternatives as string[][]) {
      for (const template of alternative) all.add(template.replace(/\{[A-Za-z0-9_]+\}/g, '*'))
    }
  }
  // Named only in operation descriptions (keys.getKey and apis.listKeys with `decrypt`).
  all.add('api.*.decrypt_key')
  return [...all].sort()
}
