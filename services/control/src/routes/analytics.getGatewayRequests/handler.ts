import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'

/** `analytics.getGatewayRequests`: one read-only SELECT over `gateway_requests`, confined to the caller's workspace. */
export const getGatewayRequests =
  (deps: Deps): ServiceHandler<'analytics.getGatewayRequests'> =>
  async (c) =>
    runAnalytics(deps, c, {
      alias: 'gateway_requests',
      what: 'gateway requests',
      preconditionTable: 'gateway_requests',
    }) as never
