import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { listMonitors as list } from '../../monitor/store.js'
import { monitorView } from '../../monitor/views.js'

/** GET /v2/monitor: the team's monitors, newest first. */
export const listMonitors =
  (deps: Deps): Handler<'listMonitors', ServiceEnv> =>
  async (c) => {
    const { limit, offset } = c.req.valid('query')
    const rows = await list(deps.db, c.get('principal').teamId, limit, offset)
    return c.json({ success: true, data: rows.map(monitorView) }, 200)
  }
