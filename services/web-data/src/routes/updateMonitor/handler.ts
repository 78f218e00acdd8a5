import type { Handler } from '@apiplatform/web-data-routes'
import { nowOf } from '../../clock.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import type { MonitorTarget } from '../../monitor/rows.js'
import { updateMonitor as update } from '../../monitor/store.js'
import { monitorView } from '../../monitor/views.js'
import { assertPublicUrls, monitorUrls } from '../../net/submission.js'

/** PATCH /v2/monitor/{monitorId}: a schedule or status change reschedules the monitor. */
export const updateMonitor =
  (deps: Deps): Handler<'updateMonitor', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    await assertPublicUrls(monitorUrls(body as Parameters<typeof monitorUrls>[0]), deps.config)
    const row = await deps.db.transaction((tx) =>
      update(
        tx,
        deps.queue,
        c.get('principal').teamId,
        c.req.valid('param').monitorId,
        {
          ...body,
          ...(body.targets ? { targets: body.targets as MonitorTarget[] } : {}),
        },
        new Date(nowOf(deps)),
      ),
    )
    return c.json({ success: true, data: monitorView(row) }, 200)
  }
