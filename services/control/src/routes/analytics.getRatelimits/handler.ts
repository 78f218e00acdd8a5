import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/**
 * `analytics.getRatelimits`: one read-only SELECT over `ratelimits`, confined to the caller's
 * workspace; 412 (documented) while the workspace has made no rate-limit decision yet, like the
 * gateway and runtime-log sources.
 */
export const getRatelimits =
  (deps: Deps): ServiceHandler<'analytics.getRatelimits'> =>
  async (c) => {
    const query = c.req.valid('json').query
    const data = await runAnalytics(deps, callerOf(c), query, {
      alias: 'ratelimits',
      what: 'rate limit decisions',
      preconditionTable: 'ratelimit_decisions',
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
