import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { findRoles, keyRoles, removeKeyRoles, toApiRole } from '../../repositories/rbac.js'

/** `keys.removeRoles`: unassigns roles (unknown ones are ignored); returns the key's roles. */
export const removeRoles =
  (deps: Deps): ServiceHandler<'keys.removeRoles'> =>
  async (c) => {
    const { keyId, roles } = c.req.valid('json')
    const data = await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(c, tx, keyId)
      const { found } = await findRoles(tx, key.workspaceId, roles)
      await removeKeyRoles(
        tx,
        key.id,
        found.map((r) => r.id),
      )
      return Promise.all((await keyRoles(tx, key.id)).map((r) => toApiRole(tx, r)))
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
