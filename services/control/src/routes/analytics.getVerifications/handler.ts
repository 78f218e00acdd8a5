import { runAnalytics } from '../../analytics/run.js'
import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'

/** `analytics.getVerifications`: one read-only SELECT over `key_verifications`, confined to the caller's workspace. */
export const getVerifications =
  (deps: Deps): ServiceHandler<'analytics.getVerifications'> =>
  async (c) =>
    runAnalytics(deps, c, { alias: 'key_verifications', what: 'key verifications' }) as never
