import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { getMonitorRow } from '../../monitor/store.js'
import { monitorView } from '../../monitor/views.js'

/** GET /v2/monitor/{monitorId}. */
export const getMonitor =
  (deps: Deps): Handler<'getMonitor', ServiceEnv> =>
  async (c) => {
    const row = await getMonitorRow(deps.db, c.get('principal').teamId, c.req.valid('param').monitorId)
    return c.json({ success: true, data: monitorView(row) }, 200)
  }
