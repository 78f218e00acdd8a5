import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/** `analytics.getGatewayRequests`: one read-only SELECT over `gateway_requests`, confined to the caller's workspace. */
export const getGatewayRequests =
  (deps: Deps): ServiceHandler<'analytics.getGatewayRequests'> =>
  async (c) => {
    const query = c.req.valid('json').query
    const data = await runAnalytics(deps, callerOf(c), query, {
      alias: 'gateway_requests',
      what: 'gateway requests',
      preconditionTable: 'gateway_requests',
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
