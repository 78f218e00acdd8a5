import { newId, randomToken, sha256 } from '@apiplatform/server-kit'
import { requirePermission } from '../../access/permission.js'
import { NO_STORE } from '../../access/portal-session.js'
import { type Deps, portalSettings } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findIdentity } from '../../repositories/identities.js'
import { insertPortalSession } from '../../repositories/portal.js'

/**
 * `portal.createSession`: a session of the customer portal for the identity with `externalId`
 * (404 when there is none), limited to `scopes`. Answers the session id and the portal URL with
 * a one-time code (`pc_…`, valid `codeTtlMs`, stored hashed) for `portal.exchangeCode`.
 */
export const createSession =
  (deps: Deps): ServiceHandler<'portal.createSession'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const settings = portalSettings(deps)
    requirePermission(caller, { portalId: body.portal })
    const workspaceId = caller.workspaceId
    const identity = await findIdentity(deps.db, workspaceId, body.externalId)
    if (!identity || identity.externalId !== body.externalId) {
      throw notFound('identity', `No identity with externalId ${body.externalId} exists in this workspace.`)
    }
    const now = deps.now()
    const id = newId('ps')
    const code = `pc_${randomToken(24)}`
    await insertPortalSession(deps.db, {
      id,
      workspaceId,
      portalId: body.portal,
      identityId: identity.id,
      externalId: identity.externalId,
      scopes: [...new Set(body.scopes)],
      preview: body.preview ?? false,
      returnUrl: body.returnUrl ?? null,
      codeHash: sha256(code),
      codeExpiresAt: now + settings.codeTtlMs,
      now,
    })
    const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(body.portal)}/session`)
    url.searchParams.set('code', code)
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: { id, url: url.toString() } },
      200,
      NO_STORE,
    )
  }
