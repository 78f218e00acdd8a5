import { apiForOperation, apiNotFound } from '../../access/api.js'
import type { Deps } from '../../deps.js'
import { preconditionFailed } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deleteApi as deleteRow } from '../../repositories/apis.js'

/** `apis.deleteApi`: deletes an API and all its keys; 412 while delete protection is on. */
export const deleteApi =
  (deps: Deps): ServiceHandler<'apis.deleteApi'> =>
  async (c) => {
    const caller = callerOf(c)
    const { apiId } = c.req.valid('json')
    await deps.db.transaction(async (tx) => {
      const api = await apiForOperation(caller, tx, apiId)
      if (api.deleteProtection) {
        throw preconditionFailed(`The API ${apiId} has delete protection enabled; disable it first.`)
      }
      if (!(await deleteRow(tx, api.workspaceId, api.id))) throw apiNotFound(apiId)
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
