import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { checkPages, getCheckRow } from '../../monitor/check-store.js'
import { getMonitorRow } from '../../monitor/store.js'
import { checkView, pageView } from '../../monitor/views.js'

/** GET /v2/monitor/{monitorId}/checks/{checkId}: the check with a page of its pages (`skip`/`limit`, `status`). */
export const getMonitorCheck =
  (deps: Deps): Handler<'getMonitorCheck', ServiceEnv> =>
  async (c) => {
    const teamId = c.get('principal').teamId
    const { monitorId, checkId } = c.req.valid('param')
    const { limit, skip, status } = c.req.valid('query')
    await getMonitorRow(deps.db, teamId, monitorId)
    const check = await getCheckRow(deps.db, teamId, monitorId, checkId)
    const rows = await checkPages(deps.db, checkId, { status, limit: limit + 1, skip })
    const more = rows.length > limit
    const query = new URLSearchParams({
      skip: String(skip + limit),
      limit: String(limit),
      ...(status ? { status } : {}),
    })
    const next = more
      ? `${new URL(c.req.url).origin}/v2/monitor/${monitorId}/checks/${checkId}?${query}`
      : null
    return c.json(
      { success: true, next, data: { ...checkView(check), pages: rows.slice(0, limit).map(pageView), next } },
      200,
    )
  }
