import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/** `analytics.getVerifications`: one read-only SELECT over `key_verifications`, confined to the caller's workspace. */
export const getVerifications =
  (deps: Deps): ServiceHandler<'analytics.getVerifications'> =>
  async (c) => {
    const query = c.req.valid('json').query
    const data = await runAnalytics(deps, callerOf(c), query, {
      alias: 'key_verifications',
      what: 'key verifications',
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
