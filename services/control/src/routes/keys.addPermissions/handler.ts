import { permissionsToLink } from '../../access/permission-slugs.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { addKeyPermissions } from '../../repositories/rbac.js'
import { changeKeyPermissions } from '../../use-cases/change-key-access.js'

/**
 * `keys.addPermissions`: grants permissions, missing ones created when the root key holds
 * `rbac.*.create_permission` (403 otherwise, see `permissionsToLink`); returns the direct permissions.
 */
export const addPermissions =
  (deps: Deps): ServiceHandler<'keys.addPermissions'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, permissions } = c.req.valid('json')
    const data = await changeKeyPermissions(deps, caller, keyId, async (tx, key) => {
      const found = await permissionsToLink(caller, tx, key.workspaceId, permissions, deps.now())
      await addKeyPermissions(
        tx,
        key.id,
        found.map((p) => p.id),
      )
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
