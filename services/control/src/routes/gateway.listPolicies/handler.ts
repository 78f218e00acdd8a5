import type { schemas } from '@apiplatform/control-routes'
import type { z } from 'zod'
import type { Deps } from '../../deps.js'
import { resolveTarget } from '../../gateway/target.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { loadPolicies } from '../../repositories/gateway.js'

/** `gateway.listPolicies`: the environment's policies in evaluation order, with their ids (not paginated). */
export const listPolicies =
  (deps: Deps): ServiceHandler<'gateway.listPolicies'> =>
  async (c) => {
    const caller = callerOf(c)
    const target = await resolveTarget(deps, caller, c.req.valid('json'))
    const policies = await loadPolicies(deps.db, target.environmentId)
    return c.json(
      { meta: { requestId: c.get('requestId') }, data: policies as z.infer<typeof schemas.PolicyResponse>[] },
      200,
    )
  }
