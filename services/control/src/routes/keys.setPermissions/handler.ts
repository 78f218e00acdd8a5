import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { setKeyAccess } from '../../keys/settings.js'
import { changeKeyPermissions } from '../../use-cases/change-key-access.js'

/** `keys.setPermissions`: replaces the direct permissions (created when missing); roles stay. */
export const setPermissions =
  (deps: Deps): ServiceHandler<'keys.setPermissions'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, permissions } = c.req.valid('json')
    const data = await changeKeyPermissions(deps, caller, keyId, (tx, key) =>
      setKeyAccess(caller, tx, key.workspaceId, key.id, { permissions }, deps.now()),
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
