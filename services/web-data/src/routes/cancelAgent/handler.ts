import type { Handler } from '@apiplatform/web-data-routes'
import { requestCancel } from '../../agent/runs.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/**
 * DELETE /v2/agent/{jobId}: moves a running run to cancelling (recorded in its trace); the worker
 * ends it as failed with a cancellation message. 409 when finished or already cancelling.
 */
export const cancelAgent =
  (deps: Deps): Handler<'cancelAgent', ServiceEnv> =>
  async (c) => {
    const { teamId } = c.get('principal')
    await deps.db.transaction((tx) => requestCancel(tx, teamId, c.req.valid('param').jobId))
    deps.queue.wake()
    return c.json({ success: true }, 200)
  }
