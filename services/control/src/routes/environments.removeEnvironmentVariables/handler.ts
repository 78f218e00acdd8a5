import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { deleteVariables } from '../../repositories/variables.js'

/** `environments.removeEnvironmentVariables`: deletes the given keys; unknown keys are ignored. */
export const removeEnvironmentVariables =
  (deps: Deps): ServiceHandler<'environments.removeEnvironmentVariables'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const { environment } = await environmentOf(deps, caller, body)
    await deleteVariables(deps.db, environment.id, body.variables)
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
