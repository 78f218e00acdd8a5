import type { Handler } from '@apiplatform/web-data-routes'
import { billingPeriod, usageTotals } from '../../billing/usage.js'
import type { AppEnv, Deps } from '../../http/env.js'
import { ApiError, Errors } from '../../http/errors.js'

/** GET /v2/team/token-usage: the plan's tokens and what is left of them this billing month. */
export const getTokenUsage =
  (deps: Deps): Handler<'getTokenUsage', AppEnv> =>
  async (c) => {
    const totals = await usageTotals(deps.db, c.get('principal').teamId)
    // A team without billing has no usage to report.
    if (!totals) throw new ApiError(404, Errors.notFound, { code: 'BILLING_NOT_CONFIGURED' })
    const { start, end } = billingPeriod()
    return c.json(
      {
        success: true,
        data: {
          remainingTokens: totals.remainingTokens,
          planTokens: totals.planTokens,
          billingPeriodStart: start.toISOString(),
          billingPeriodEnd: end.toISOString(),
        },
      },
      200,
    )
  }
