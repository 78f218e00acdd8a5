import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { hashSecret } from '../../domain/key-secrets.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { toApiKey } from '../../keys/api-form.js'
import { findKeyByHash } from '../../repositories/api-keys.js'

/** `keys.whoami`: the details of the key sent in `key`; no verification is recorded, nothing is spent. */
export const whoami =
  (deps: Deps): ServiceHandler<'keys.whoami'> =>
  async (c) => {
    const caller = callerOf(c)
    const { key: secret } = c.req.valid('json')
    const key = await findKeyByHash(deps.db, caller.workspaceId, [hashSecret(secret)])
    if (!key) throw notFound('key', 'The key does not exist or has been deleted.')
    requirePermission(caller, { apiId: key.apiId })
    return c.json({ meta: { requestId: c.get('requestId') }, data: await toApiKey(deps, deps.db, key) }, 200)
  }
