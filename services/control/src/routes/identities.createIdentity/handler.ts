import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { ApiError } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkRatelimits } from '../../keys/settings.js'
import { insertIdentity, replaceRatelimits } from '../../repositories/identities.js'

/** `identities.createIdentity`: an identity for `externalId` with metadata and rate limits; 409 when taken. */
export const createIdentity =
  (deps: Deps): ServiceHandler<'identities.createIdentity'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    requirePermission(caller)
    checkRatelimits(body.ratelimits)
    const workspaceId = caller.workspaceId
    const identityId = await deps.db.transaction(async (tx) => {
      const id = await insertIdentity(tx, {
        workspaceId,
        externalId: body.externalId,
        meta: body.meta,
        now: deps.now(),
      })
      if (!id) {
        throw new ApiError(
          409,
          'data/identity_already_exists',
          `An identity with externalId ${body.externalId} already exists.`,
        )
      }
      if (body.ratelimits?.length)
        await replaceRatelimits(tx, workspaceId, { identityId: id }, body.ratelimits)
      return id
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: { identityId } }, 200)
  }
