/**
 * Authentication of every operation that documents a security requirement: a root key as a
 * bearer token, or, for the portal operations secured with `portalSession`, a portal session
 * token. A missing, malformed, unknown, expired or revoked credential answers 401. A credential
 * that holds no permission which could allow the operation for any resource answers 403 here,
 * before the request is validated or anything is looked up, so neither a 400 nor a 404 tells a
 * caller without the permission anything. The rest of authorization (403, or the deliberate 404
 * of the operations that document no 403) is decided once the resource is found, with the
 * `Caller` set here and `authorize` (access/), because permissions may name that resource.
 */
import { type OperationId, securitySchemes } from '@apiplatform/control-routes'
import { type Database, parseBearer, sha256 } from '@apiplatform/server-kit'
import type { Context, MiddlewareHandler } from 'hono'
import { mayTry, refusedOutright } from '../access/authorize.js'
import type { Caller } from '../access/caller.js'
import { unauthorized } from '../domain/errors.js'
import { PermissionSet } from '../domain/permissions.js'
import { scopeActions } from '../domain/portal-scopes.js'
import { findPortalSessionByToken } from '../repositories/portal.js'
import type { ServiceEnv } from './env.js'
import { PORTAL_SCHEMES, portalToken } from './portal-token.js'
import type { RootKeyCache } from './root-key-cache.js'

/** How an operation is authenticated, from its `security` in the spec (generated into the routes package). */
export type SecurityKind = 'public' | 'bearer' | 'portalSession'

/**
 * `public` when its `security` is the empty list, `portalSession` when it names only portal
 * session schemes (a token from `portal.exchangeCode`, as a bearer header or a cookie), `bearer`
 * (a root key) otherwise.
 */
export function operationSecurity(operationId: OperationId): SecurityKind {
  const alternatives = securitySchemes[operationId]
  if (alternatives.length === 0) return 'public'
  return alternatives.flat().every((scheme) => PORTAL_SCHEMES.has(scheme)) ? 'portalSession' : 'bearer'
}

export interface AuthOptions {
  /** Root-key lookups, cached briefly (see RootKeyCache). */
  rootKeys: RootKeyCache
}

/**
 * The auth middleware: a root key for `bearer` operations, a portal session token (and nothing
 * else; as a bearer header or the `portal_session` cookie) for portal operations, nothing for public ones. Each credential is looked up by
 * the hash of its secret in its own table, so a portal token is never a root key and vice versa.
 */
export function authenticate(
  db: Database,
  now: () => number,
  options: AuthOptions,
): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const operationId = c.get('operationId')
    const kind = operationSecurity(operationId)
    if (kind === 'public') return next()
    if (kind === 'portalSession') return portalSession(c, next, db, portalToken(c), now())
    const header = c.req.header('authorization')
    if (!header || header.trim() === '') {
      throw unauthorized(
        'missing',
        'The Authorization header is missing. Send `Authorization: Bearer <ROOT_KEY>`.',
      )
    }
    const token = parseBearer(header)
    if (!token) {
      throw unauthorized(
        'malformed',
        'The Authorization header is malformed. Send `Authorization: Bearer <ROOT_KEY>`.',
      )
    }
    const key = await options.rootKeys.find(token)
    if (!key) throw unauthorized('key_not_found', 'The root key is invalid, expired or has been revoked.')
    const at = now()
    if (key.revokedAt !== null && key.revokedAt <= at) {
      throw unauthorized('key_revoked', 'The root key has been revoked.')
    }
    if (key.expiresAt !== null && key.expiresAt <= at) {
      throw unauthorized('key_expired', 'The root key has expired.')
    }
    const caller: Caller = {
      keyId: key.id,
      workspaceId: key.workspaceId,
      permissions: key.permissionSet,
      operationId,
    }
    c.set('caller', caller)
    await refuseOutright(c, caller)
    return next()
  }
}

/**
 * 403 when the caller holds nothing that could allow the operation (see `mayTry`). The detail
 * names the permissions with the ids the request names, where its body names them.
 */
async function refuseOutright(c: Context<ServiceEnv>, caller: Caller): Promise<void> {
  if (mayTry(caller)) return
  const named: Record<string, string | undefined> = { portalId: caller.portalSession?.portalId }
  try {
    const body: unknown = await c.req.json()
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value === 'string' && /^[A-Za-z0-9_-]{1,255}$/.test(value)) named[field] = value
      }
    }
  } catch {
    // Not JSON: the permissions are named with their placeholders.
  }
  throw refusedOutright(caller, named)
}

/**
 * A portal session token: valid until its `expiresAt`. The caller acts in the session's workspace
 * with the actions its scopes grant as permissions on its portal (`portal.<portalId>.<action>`), and
 * `portalSession` names the end user (identity) it may see.
 */
async function portalSession(
  c: Context<ServiceEnv>,
  next: () => Promise<void>,
  db: Database,
  token: string,
  at: number,
) {
  const session = await findPortalSessionByToken(db, sha256(token))
  if (!session || session.tokenExpiresAt === null) {
    throw unauthorized('session_not_found', 'The portal session token is invalid or has expired.')
  }
  if (session.tokenExpiresAt <= at) {
    throw unauthorized('session_expired', 'The portal session has expired.')
  }
  const caller: Caller = {
    keyId: session.id,
    workspaceId: session.workspaceId,
    permissions: new PermissionSet(
      scopeActions(session.scopes).map((action) => `portal.${session.portalId}.${action}`),
    ),
    operationId: c.get('operationId'),
    portalSession: session,
  }
  c.set('caller', caller)
  await refuseOutright(c, caller)
  return next()
}
