import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import {
  findPermissionsBySlug,
  keyDirectPermissions,
  removeKeyPermissions,
  toApiPermission,
} from '../../repositories/rbac.js'

/** `keys.removePermissions`: revokes direct permissions (unknown slugs are ignored). */
export const removePermissions =
  (deps: Deps): ServiceHandler<'keys.removePermissions'> =>
  async (c) => {
    const { keyId, permissions } = c.req.valid('json')
    const data = await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(c, tx, keyId)
      const found = await findPermissionsBySlug(tx, key.workspaceId, permissions)
      await removeKeyPermissions(
        tx,
        key.id,
        found.map((p) => p.id),
      )
      return (await keyDirectPermissions(tx, key.id)).map(toApiPermission)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
