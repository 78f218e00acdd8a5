import type { Handler } from '@apiplatform/web-data-routes'
import { billedUsage } from '../../billing/usage.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/team/credit-usage: balance, credits granted, and the current billing month. */
export const getCreditUsage =
  (deps: Deps): Handler<'getCreditUsage', ServiceEnv> =>
  async (c) => {
    const { totals, period } = await billedUsage(deps.db, c.get('principal').teamId)
    return c.json(
      {
        success: true,
        data: { remainingCredits: totals.remainingCredits, planCredits: totals.planCredits, ...period },
      },
      200,
    )
  }
