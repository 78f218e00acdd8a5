import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { hardDeleteKey, softDeleteKey } from '../../repositories/api-keys.js'

/** `keys.deleteKey`: soft deletion (the row stays for audit) or, with `permanent`, erasure. */
export const deleteKey =
  (deps: Deps): ServiceHandler<'keys.deleteKey'> =>
  async (c) => {
    const { keyId, permanent } = c.req.valid('json')
    await deps.db.transaction(async (tx) => {
      const key = await keyForOperation(c, tx, keyId)
      if (permanent) await hardDeleteKey(tx, key.id)
      else await softDeleteKey(tx, key.id, deps.now())
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
