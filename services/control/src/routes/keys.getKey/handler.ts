import { keyForOperation } from '../../access/key.js'
import { mayDecrypt } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { forbidden } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { toApiKey } from '../../keys/api-form.js'

/** `keys.getKey`: a key's settings; `decrypt` adds the plaintext of a recoverable key (needs decrypt_key). */
export const getKey =
  (deps: Deps): ServiceHandler<'keys.getKey'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, decrypt } = c.req.valid('json')
    const key = await keyForOperation(caller, deps.db, keyId)
    if (decrypt && !mayDecrypt(caller, key.apiId)) {
      throw forbidden(`Decrypting keys needs api.*.decrypt_key or api.${key.apiId}.decrypt_key.`)
    }
    const data = await toApiKey(deps, deps.db, key, { decrypt })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
