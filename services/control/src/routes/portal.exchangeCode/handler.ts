import { randomToken, sha256 } from '@apiplatform/server-kit'
import { NO_STORE } from '../../access/portal-session.js'
import { type Deps, portalSettings } from '../../deps.js'
import { unauthorized } from '../../domain/errors.js'
import type { ServiceHandler } from '../../http/env.js'
import { redeemPortalCode } from '../../repositories/portal.js'

/**
 * `portal.exchangeCode` (no Authorization: the code is the credential): trades a session's
 * one-time code for an access token (`pst_…`, stored hashed) valid for `tokenTtlMs`. The code is
 * redeemed by one conditional UPDATE, so of concurrent exchanges exactly one succeeds; unknown,
 * used and expired codes answer 401.
 */
export const exchangeCode =
  (deps: Deps): ServiceHandler<'portal.exchangeCode'> =>
  async (c) => {
    const { code } = c.req.valid('json')
    const now = deps.now()
    const token = `pst_${randomToken(32)}`
    const expiresAt = now + portalSettings(deps).tokenTtlMs
    const session = await redeemPortalCode(deps.db, {
      codeHash: sha256(code),
      tokenHash: sha256(token),
      tokenExpiresAt: expiresAt,
      now,
    })
    if (!session) {
      throw unauthorized('invalid_code', 'The portal code is unknown, has already been used or has expired.')
    }
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: { accessToken: token, expiresAt } },
      200,
      NO_STORE,
    )
  }
