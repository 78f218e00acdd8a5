import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { setKeyAccess } from '../../keys/settings.js'
import { changeKeyRoles } from '../../use-cases/change-key-access.js'

/** `keys.setRoles`: replaces the key's roles (each must exist: 404); direct permissions stay. */
export const setRoles =
  (deps: Deps): ServiceHandler<'keys.setRoles'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, roles } = c.req.valid('json')
    const data = await changeKeyRoles(deps, caller, keyId, (tx, key) =>
      setKeyAccess(caller, tx, key.workspaceId, key.id, { roles }, deps.now()),
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
