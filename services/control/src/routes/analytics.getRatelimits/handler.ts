import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { handle } from '../../http/problems.js'
import { runAnalytics } from '../analytics.shared/run.js'

/** `analytics.getRatelimits`: one read-only SELECT over `ratelimits`, confined to the caller's workspace. */
export const getRatelimits = (deps: Deps): ServiceHandler<'analytics.getRatelimits'> =>
  handle(async (c) => runAnalytics(deps, c, { alias: 'ratelimits', what: 'rate limit decisions' }) as never)
