import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/** `analytics.getRuntimeLogs`: one read-only SELECT over `runtime_logs`, confined to the caller's workspace. */
export const getRuntimeLogs =
  (deps: Deps): ServiceHandler<'analytics.getRuntimeLogs'> =>
  async (c) => {
    const query = c.req.valid('json').query
    const data = await runAnalytics(deps, callerOf(c), query, {
      alias: 'runtime_logs',
      what: 'runtime logs',
      preconditionTable: 'runtime_logs',
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
