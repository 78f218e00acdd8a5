import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { setKeyAccess } from '../../keys/settings.js'
import { keyDirectPermissions, toApiPermission } from '../../repositories/rbac.js'

/** `keys.setPermissions`: replaces the direct permissions (created when missing); roles stay. */
export const setPermissions =
  (deps: Deps): ServiceHandler<'keys.setPermissions'> =>
  async (c) => {
    const { keyId, permissions } = c.req.valid('json')
    const data = await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(c, tx, keyId)
      await setKeyAccess(tx, key.workspaceId, key.id, { permissions }, deps.now())
      return (await keyDirectPermissions(tx, key.id)).map(toApiPermission)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
