import type { Handler, schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import { getRun } from '../../agent/runs.js'
import { listEvents } from '../../agent/trace.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/agent/{jobId}/trace: the events recorded so far, in producerSequence order. */
export const getAgentTrace =
  (deps: Deps): Handler<'getAgentTrace', ServiceEnv> =>
  async (c) => {
    const run = await getRun(deps.db, c.get('principal').teamId, c.req.valid('param').jobId)
    const events = await listEvents(deps.db, run.id)
    // The reference agent drives no browser, so no session is ever open.
    return c.json(
      {
        success: true,
        id: run.id,
        events: events as z.infer<typeof schemas.TraceEvent>[],
        creditsUsed: run.credits_spent,
        activeBrowserSessions: [],
      },
      200,
    )
  }
