import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { listChecks } from '../../monitor/check-store.js'
import { getMonitorRow } from '../../monitor/store.js'
import { checkView } from '../../monitor/views.js'

/** GET /v2/monitor/{monitorId}/checks: newest first, optionally by status. */
export const listMonitorChecks =
  (deps: Deps): Handler<'listMonitorChecks', ServiceEnv> =>
  async (c) => {
    const teamId = c.get('principal').teamId
    const { monitorId } = c.req.valid('param')
    const { limit, offset, status } = c.req.valid('query')
    await getMonitorRow(deps.db, teamId, monitorId)
    const rows = await listChecks(deps.db, teamId, monitorId, { status, limit, offset })
    return c.json({ success: true, data: rows.map(checkView) }, 200)
  }
