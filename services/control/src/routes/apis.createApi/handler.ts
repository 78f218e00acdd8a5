import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { insertApi } from '../../repositories/apis.js'

/** `apis.createApi`: a new API (the container of keys) in the caller's workspace. */
export const createApi =
  (deps: Deps): ServiceHandler<'apis.createApi'> =>
  async (c) => {
    const caller = callerOf(c)
    const { name } = c.req.valid('json')
    requirePermission(caller)
    const apiId = await insertApi(deps.db, {
      workspaceId: caller.workspaceId,
      name,
      now: deps.now(),
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: { apiId } }, 200)
  }
