import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deleteStoredKey } from '../../keys/delete.js'

/** `keys.deleteKey`: soft deletion (the row stays for audit) or, with `permanent`, erasure. */
export const deleteKey =
  (deps: Deps): ServiceHandler<'keys.deleteKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, permanent } = c.req.valid('json')
    await deps.db.transaction((tx) =>
      deleteStoredKey(caller, tx, { keyId, permanent: permanent ?? false, now: deps.now() }),
    )
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
