import type { Handler } from '@apiplatform/web-data-routes'
import { getRun } from '../../agent/runs.js'
import { SNAPSHOT_ID, snapshotContent } from '../../agent/trace.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/agent/{jobId}/snapshots/{snapshotId}: one artifact's content at one point of the run. */
export const getAgentSnapshot =
  (deps: Deps): Handler<'getAgentSnapshot', ServiceEnv> =>
  async (c) => {
    const { jobId, snapshotId } = c.req.valid('param')
    if (!SNAPSHOT_ID.test(snapshotId)) throw new ApiError(400, Errors.invalidSnapshotId)
    const run = await getRun(deps.db, c.get('principal').teamId, jobId)
    const content = await snapshotContent(deps.db, run.id, snapshotId)
    if (content === undefined) throw new ApiError(404, Errors.snapshotNotFound)
    return c.json({ success: true, id: run.id, snapshotId, snapshot: content }, 200)
  }
