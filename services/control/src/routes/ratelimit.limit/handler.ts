import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { mayActOn, namespaceForLimit, runCheck } from '../../ratelimit/limit.js'

/**
 * `ratelimit.limit`: counts `cost` for the identifier in a fixed window of `duration` ms and
 * answers 200 with `success` either way. Exact across instances (one SQL statement per decision).
 */
export const limit =
  (deps: Deps): ServiceHandler<'ratelimit.limit'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const ns = await namespaceForLimit(deps, caller, body.namespace, mayActOn(caller))
    const result = await runCheck(deps, ns, body)
    return c.json({ meta: { requestId: c.get('requestId') }, data: result }, 200)
  }
