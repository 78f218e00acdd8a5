import type { Handler } from '@apiplatform/web-data-routes'
import { nowOf } from '../../clock.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import type { MonitorTarget } from '../../monitor/rows.js'
import { createMonitor as create } from '../../monitor/store.js'
import { monitorView } from '../../monitor/views.js'
import { assertPublicUrls, monitorUrls } from '../../net/submission.js'

/** POST /v2/monitor: a new monitor; its first check runs at the next scheduled time. */
export const createMonitor =
  (deps: Deps): Handler<'createMonitor', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    await assertPublicUrls(monitorUrls(body as Parameters<typeof monitorUrls>[0]), deps.config)
    const row = await deps.db.transaction((tx) =>
      create(
        tx,
        deps.queue,
        c.get('principal').teamId,
        {
          ...body,
          targets: body.targets as MonitorTarget[],
        },
        new Date(nowOf(deps)),
      ),
    )
    return c.json({ success: true, data: monitorView(row) }, 200)
  }
