import type { Handler } from '@apiplatform/web-data-routes'
import { historicalUsage } from '../../billing/usage.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/**
 * GET /v2/team/credit-usage/historical: credits spent per billing month (per key with
 * `byApiKey`), as `totalCredits` (the sheet's name) and `creditsUsed` (the name the real API's
 * SDKs read).
 */
export const getHistoricalCreditUsage =
  (deps: Deps): Handler<'getHistoricalCreditUsage', ServiceEnv> =>
  async (c) => {
    const periods = await historicalUsage(
      deps.db,
      c.get('principal').teamId,
      'credits',
      c.req.valid('query').byApiKey,
    )
    return c.json(
      {
        success: true,
        periods: periods.map(({ total, ...p }) => ({ ...p, totalCredits: total, creditsUsed: total })),
      },
      200,
    )
  }
