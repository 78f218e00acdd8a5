import type { Handler } from '@apiplatform/web-data-routes'
import type { AppEnv, Deps } from '../../http/env.js'
import { type CheckRow, checkView, getMonitorRow } from '../../monitor/store.js'

/** GET /v2/monitor/{monitorId}/checks: newest first, optionally by status. */
export const listMonitorChecks =
  (deps: Deps): Handler<'listMonitorChecks', AppEnv> =>
  async (c) => {
    const teamId = c.get('principal').teamId
    const { monitorId } = c.req.valid('param')
    const { limit, offset, status } = c.req.valid('query')
    await getMonitorRow(deps.db, teamId, monitorId)
    const rows = await deps.db.query<CheckRow>(
      `SELECT * FROM monitor_checks WHERE monitor_id = $1 AND team_id = $2 AND ($3::text IS NULL OR status = $3)
       ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`,
      [monitorId, teamId, status ?? null, limit, offset],
    )
    return c.json({ success: true, data: rows.map(checkView) }, 200)
  }
