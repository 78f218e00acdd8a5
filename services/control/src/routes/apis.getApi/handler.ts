import { apiForOperation } from '../../access/api.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/** `apis.getApi`: id and name of an API of the workspace. */
export const getApi =
  (deps: Deps): ServiceHandler<'apis.getApi'> =>
  async (c) => {
    const caller = callerOf(c)
    const api = await apiForOperation(caller, deps.db, c.req.valid('json').apiId)
    return c.json({ meta: { requestId: c.get('requestId') }, data: { id: api.id, name: api.name } }, 200)
  }
