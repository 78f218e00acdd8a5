import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { setKeyAccess } from '../../keys/settings.js'
import { keyRoles, toApiRole } from '../../repositories/rbac.js'

/** `keys.setRoles`: replaces the key's roles (each must exist: 404); direct permissions stay. */
export const setRoles =
  (deps: Deps): ServiceHandler<'keys.setRoles'> =>
  async (c) => {
    const { keyId, roles } = c.req.valid('json')
    const data = await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(c, tx, keyId)
      await setKeyAccess(tx, key.workspaceId, key.id, { roles }, deps.now())
      return Promise.all((await keyRoles(tx, key.id)).map((r) => toApiRole(tx, r)))
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
