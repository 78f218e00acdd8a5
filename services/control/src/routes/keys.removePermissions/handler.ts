import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findPermissionsByIdOrSlug, removeKeyPermissions } from '../../repositories/rbac.js'
import { changeKeyPermissions } from '../../use-cases/change-key-access.js'

/** `keys.removePermissions`: revokes direct permissions, named by id or slug (unknown ones are ignored). */
export const removePermissions =
  (deps: Deps): ServiceHandler<'keys.removePermissions'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, permissions } = c.req.valid('json')
    const data = await changeKeyPermissions(deps, caller, keyId, async (tx, key) => {
      const found = await findPermissionsByIdOrSlug(tx, key.workspaceId, permissions)
      await removeKeyPermissions(
        tx,
        key.id,
        found.map((p) => p.id),
      )
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
