import type { Handler } from '@apiplatform/web-data-routes'
import { historicalUsage } from '../../billing/usage.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/**
 * GET /v2/team/token-usage/historical: tokens spent per billing month (per key with `byApiKey`),
 * as `totalTokens` (the sheet's name) and `tokensUsed` (the name the real API's SDKs read).
 */
export const getHistoricalTokenUsage =
  (deps: Deps): Handler<'getHistoricalTokenUsage', ServiceEnv> =>
  async (c) => {
    const periods = await historicalUsage(
      deps.db,
      c.get('principal').teamId,
      'tokens',
      c.req.valid('query').byApiKey,
    )
    return c.json(
      {
        success: true,
        periods: periods.map(({ total, ...p }) => ({ ...p, totalTokens: total, tokensUsed: total })),
      },
      200,
    )
  }
