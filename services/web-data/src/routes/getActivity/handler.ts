import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'
import { listActivity } from '../../limits/index.js'

/** GET /v2/team/activity: the team's recent calls of the metered endpoints, newest first, by cursor. */
export const getActivity =
  (deps: Deps): Handler<'getActivity', ServiceEnv> =>
  async (c) => {
    const { endpoint, limit, cursor } = c.req.valid('query')
    let before: string | null = null
    if (cursor) {
      before = Buffer.from(cursor, 'base64url').toString('utf8')
      if (!/^\d+$/.test(before)) {
        throw new ApiError(400, Errors.badRequest, {
          details: [{ in: 'query', path: ['cursor'], message: 'Invalid cursor', code: 'invalid_cursor' }],
        })
      }
    }
    const rows = await listActivity(deps.db, c.get('principal').teamId, {
      endpoint,
      before,
      limit: limit + 1,
    })
    const page = rows.slice(0, limit)
    const hasMore = rows.length > limit
    const last = page[page.length - 1]
    return c.json(
      {
        success: true,
        data: page.map((r) => ({
          id: r.id,
          endpoint: r.endpoint,
          api_version: 'v2',
          created_at: new Date(r.created_at).toISOString(),
          target: r.target,
        })),
        cursor: hasMore && last ? Buffer.from(String(last.seq)).toString('base64url') : null,
        has_more: hasMore,
      },
      200,
    )
  }
