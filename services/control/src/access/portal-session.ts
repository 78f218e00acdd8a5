/**
 * Helpers of the portal operations: the scopes a session may carry, and the end user (identity)
 * a portal session acts for. A portal session sees only that identity's keys and their
 * verifications, never anything else of the workspace.
 */
import type { Deps } from '../deps.js'
import { forbidden, notFound } from '../domain/errors.js'
import { findIdentityById, type IdentityRecord } from '../repositories/identities.js'
import { authorize, requiredPermissions } from './authorize.js'
import type { Caller } from './caller.js'

/**
 * The identity of the caller's portal session, after checking the operation's scope (403).
 * 404 when that identity was deleted since the session was created.
 */
export async function sessionIdentity(caller: Caller, deps: Deps): Promise<IdentityRecord> {
  const session = caller.portalSession
  // Only portal operations call this, and the edge authenticates them with a portal session.
  if (!session) throw new Error(`${caller.operationId} is not secured with a portal session`)
  if (!authorize(caller, { portalId: session.portalId })) {
    const needed = requiredPermissions(caller.operationId)
      .flat()
      .map((p) => p.replace('{portalId}', session.portalId))
    throw forbidden(`The portal session was not created with the scope this needs (${needed.join(' or ')}).`)
  }
  const identity = session.identityId
    ? await findIdentityById(deps.db, session.workspaceId, session.identityId)
    : undefined
  if (!identity) {
    throw notFound('identity', `The end user ${session.externalId} of this portal session no longer exists.`)
  }
  return identity
}

/** Headers of a response that carries a credential (documented on createSession and exchangeCode). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const
