import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findRoles, removeKeyRoles } from '../../repositories/rbac.js'
import { changeKeyRoles } from '../../use-cases/change-key-access.js'

/** `keys.removeRoles`: unassigns roles (unknown ones are ignored); returns the key's roles. */
export const removeRoles =
  (deps: Deps): ServiceHandler<'keys.removeRoles'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, roles } = c.req.valid('json')
    const data = await changeKeyRoles(deps, caller, keyId, async (tx, key) => {
      const { found } = await findRoles(tx, key.workspaceId, roles)
      await removeKeyRoles(
        tx,
        key.id,
        found.map((r) => r.id),
      )
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
