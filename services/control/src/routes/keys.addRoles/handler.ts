import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { addKeyRoles, findRoles } from '../../repositories/rbac.js'
import { changeKeyRoles } from '../../use-cases/change-key-access.js'

/** `keys.addRoles`: assigns existing roles (404 for an unknown one); returns the key's roles. */
export const addRoles =
  (deps: Deps): ServiceHandler<'keys.addRoles'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, roles } = c.req.valid('json')
    const data = await changeKeyRoles(deps, caller, keyId, async (tx, key) => {
      const { found, missing } = await findRoles(tx, key.workspaceId, roles, { forNewLinks: true })
      if (missing.length > 0) throw notFound('role', `The role ${missing[0]} does not exist.`)
      await addKeyRoles(
        tx,
        key.id,
        found.map((r) => r.id),
      )
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
