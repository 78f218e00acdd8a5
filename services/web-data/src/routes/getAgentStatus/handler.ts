import type { Handler } from '@apiplatform/web-data-routes'
import { creditsUsed, getRun, publicStatus } from '../../agent/runs.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/agent/{jobId}: the run's state, with its result or error once finished. */
export const getAgentStatus =
  (deps: Deps): Handler<'getAgentStatus', ServiceEnv> =>
  async (c) => {
    const run = await getRun(deps.db, c.get('principal').teamId, c.req.valid('param').jobId)
    const status = publicStatus(run)
    return c.json(
      {
        success: true,
        status,
        model: run.model as 'spark-1-pro',
        ...(run.effort ? { effort: run.effort as 'low' } : {}),
        ...(run.mode ? { mode: run.mode as 'extract' } : {}),
        ...(status === 'completed' && run.data ? { data: run.data } : {}),
        ...(status === 'failed' && run.error ? { error: run.error } : {}),
        ...(run.expires_at ? { expiresAt: run.expires_at.toISOString() } : {}),
        creditsUsed: creditsUsed(run),
        threadId: run.thread_id,
        threadTurn: run.thread_turn,
      },
      200,
    )
  }
