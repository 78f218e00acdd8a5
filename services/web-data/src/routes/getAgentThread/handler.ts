import type { Handler } from '@apiplatform/web-data-routes'
import { threadRuns } from '../../agent/runs.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/agent/threads/{threadId}: the runs of a conversation thread, oldest first. */
export const getAgentThread =
  (deps: Deps): Handler<'getAgentThread', ServiceEnv> =>
  async (c) => {
    const { threadId } = c.req.valid('param')
    const { includeData } = c.req.valid('query')
    const rows = await threadRuns(deps.db, c.get('principal').teamId, threadId)
    if (rows.length === 0) throw new ApiError(404, Errors.notFound)
    const runs = rows.map((row) => {
      const request = (typeof row.request === 'string' ? JSON.parse(row.request) : row.request) as {
        prompt: string
      }
      const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data
      return {
        id: row.id,
        threadTurn: Number(row.thread_turn),
        status: row.status === 'cancelling' ? ('processing' as const) : (row.status as 'processing'),
        prompt: request.prompt,
        createdAt: new Date(row.created_at).toISOString(),
        ...(includeData && data ? { data } : {}),
      }
    })
    return c.json({ success: true, thread: { id: threadId, runs } }, 200)
  }
