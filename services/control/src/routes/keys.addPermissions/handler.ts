import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import {
  addKeyPermissions,
  ensurePermissions,
  keyDirectPermissions,
  toApiPermission,
} from '../../repositories/rbac.js'

/** `keys.addPermissions`: grants permissions (created when missing); returns the direct permissions. */
export const addPermissions =
  (deps: Deps): ServiceHandler<'keys.addPermissions'> =>
  async (c) => {
    const { keyId, permissions } = c.req.valid('json')
    const data = await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(c, tx, keyId)
      const found = await ensurePermissions(tx, key.workspaceId, permissions, deps.now())
      await addKeyPermissions(
        tx,
        key.id,
        found.map((p) => p.id),
      )
      return (await keyDirectPermissions(tx, key.id)).map(toApiPermission)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
