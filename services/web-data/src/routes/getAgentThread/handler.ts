import type { Handler } from '@apiplatform/web-data-routes'
import { threadRuns } from '../../agent/runs.js'
import { threadView } from '../../agent/thread-view.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/agent/threads/{threadId}: the runs of a conversation thread, oldest first. */
export const getAgentThread =
  (deps: Deps): Handler<'getAgentThread', ServiceEnv> =>
  async (c) => {
    const { threadId } = c.req.valid('param')
    const { includeData } = c.req.valid('query')
    const runs = await threadRuns(deps.db, c.get('principal').teamId, threadId)
    if (runs.length === 0) throw new ApiError(404, Errors.notFound)
    return c.json({ success: true, thread: threadView(threadId, runs, includeData ?? false) }, 200)
  }
