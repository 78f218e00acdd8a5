import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'

/** `analytics.getRuntimeLogs`: one read-only SELECT over `runtime_logs`, confined to the caller's workspace. */
export const getRuntimeLogs =
  (deps: Deps): ServiceHandler<'analytics.getRuntimeLogs'> =>
  async (c) =>
    runAnalytics(deps, c, {
      alias: 'runtime_logs',
      what: 'runtime logs',
      preconditionTable: 'runtime_logs',
    }) as never
