import { apiForOperation } from '../../access/api.js'
import { mayDecrypt } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { paginate, parseCursor, rowCursor } from '../../domain/cursor.js'
import { forbidden } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { toApiKey } from '../../keys/api-form.js'
import { listKeysOfApi } from '../../repositories/api-keys.js'
import { findIdentity } from '../../repositories/identities.js'

/**
 * `apis.listKeys`: the keys of an API, oldest first, paginated. `externalId` filters by owner
 * (an unknown one gives an empty page); `decrypt` needs `decrypt_key` on the API.
 */
export const listKeys =
  (deps: Deps): ServiceHandler<'apis.listKeys'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const after = parseCursor(body.cursor)
    const api = await apiForOperation(caller, deps.db, body.apiId)
    if (body.decrypt && !mayDecrypt(caller, api.id)) {
      throw forbidden(`Decrypting keys needs api.*.decrypt_key or api.${api.id}.decrypt_key.`)
    }
    let identityId: string | undefined
    if (body.externalId !== undefined) {
      const identity = await findIdentity(deps.db, api.workspaceId, body.externalId)
      if (!identity || identity.externalId !== body.externalId) {
        return c.json({ meta: { requestId }, data: [], pagination: { hasMore: false } }, 200)
      }
      identityId = identity.id
    }
    const limit = body.limit ?? 100
    const rows = await listKeysOfApi(deps.db, { apiId: api.id, identityId, after, limit: limit + 1 })
    const { page, pagination } = paginate(rows, limit, rowCursor)
    const data = []
    for (const key of page) data.push(await toApiKey(deps, deps.db, key, { decrypt: body.decrypt }))
    return c.json(
      {
        meta: { requestId },
        data,
        pagination,
      },
      200,
    )
  }
