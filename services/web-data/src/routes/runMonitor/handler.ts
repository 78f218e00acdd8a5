import type { Handler } from '@apiplatform/web-data-routes'
import { balance } from '../../billing/credits.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'
import { startCheck } from '../../monitor/check-store.js'
import { estimateCheckCredits } from '../../monitor/pricing.js'
import { getMonitorRow } from '../../monitor/store.js'
import { checkView } from '../../monitor/views.js'

/** POST /v2/monitor/{monitorId}/run: queues a check now; 409 while one is queued or running. */
export const runMonitor =
  (deps: Deps): Handler<'runMonitor', ServiceEnv> =>
  async (c) => {
    const teamId = c.get('principal').teamId
    const check = await deps.db.transaction(async (tx) => {
      const monitor = await getMonitorRow(tx, teamId, c.req.valid('param').monitorId, true)
      if ((await balance(tx, teamId)) < estimateCheckCredits(monitor.targets)) {
        throw new ApiError(402, Errors.paymentRequired)
      }
      return startCheck(tx, deps.queue, monitor, 'manual', null)
    })
    return c.json({ success: true, id: check.id, data: checkView(check) }, 200)
  }
