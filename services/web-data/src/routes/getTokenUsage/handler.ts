import type { Handler } from '@apiplatform/web-data-routes'
import { billedUsage } from '../../billing/usage.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/team/token-usage: the plan's tokens and what is left of them this billing month. */
export const getTokenUsage =
  (deps: Deps): Handler<'getTokenUsage', ServiceEnv> =>
  async (c) => {
    const { totals, period } = await billedUsage(deps.db, c.get('principal').teamId)
    return c.json(
      {
        success: true,
        data: { remainingTokens: totals.remainingTokens, planTokens: totals.planTokens, ...period },
      },
      200,
    )
  }
