import { identityForOperation, identityNotFound } from '../../access/identity.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deleteIdentity as deleteRow } from '../../repositories/identities.js'

/** `identities.deleteIdentity`: deletes it with its rate limits; its keys stay, unlinked. */
export const deleteIdentity =
  (deps: Deps): ServiceHandler<'identities.deleteIdentity'> =>
  async (c) => {
    const caller = callerOf(c)
    const { identity } = c.req.valid('json')
    await deps.db.transaction(async (tx) => {
      const found = await identityForOperation(caller, tx, identity)
      if (!(await deleteRow(tx, found.workspaceId, found.id))) throw identityNotFound(identity)
    })
    return c.json({ meta: { requestId: c.get('requestId') } }, 200)
  }
