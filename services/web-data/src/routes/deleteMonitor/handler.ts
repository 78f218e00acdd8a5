import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { deleteMonitor as remove } from '../../monitor/store.js'

/** DELETE /v2/monitor/{monitorId}: the monitor stops; its scheduling job ends at its next tick. */
export const deleteMonitor =
  (deps: Deps): Handler<'deleteMonitor', ServiceEnv> =>
  async (c) => {
    await deps.db.transaction((tx) => remove(tx, c.get('principal').teamId, c.req.valid('param').monitorId))
    return c.json({ success: true }, 200)
  }
