import type { Handler } from '@apiplatform/web-data-routes'
import { teamRuns } from '../../agent/runs.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** Runs per page of GET /v2/agent. */
export const AGENT_PAGE_SIZE = 20

/** GET /v2/agent: the team's runs, newest first, with a `next` link to older ones. */
export const listAgents =
  (deps: Deps): Handler<'listAgents', ServiceEnv> =>
  async (c) => {
    const { before: beforeParam } = c.req.valid('query')
    // Whole milliseconds: a subnormal such as 7e-323 is a valid number but out of range for the
    // database's double precision input.
    const before = beforeParam === undefined ? undefined : Math.floor(beforeParam)
    const rows = await teamRuns(deps.db, c.get('principal').teamId, before, AGENT_PAGE_SIZE + 1)
    const page = rows.slice(0, AGENT_PAGE_SIZE)
    const agents = page.map((row) => {
      const request = (typeof row.request === 'string' ? JSON.parse(row.request) : row.request) as {
        prompt: string
        urls?: string[]
        schema?: Record<string, unknown>
        effort?: 'low' | 'medium' | 'high'
      }
      const target = request.urls?.[0]
      return {
        id: row.id,
        createdAt: new Date(row.created_at).toISOString(),
        targetHint: target ? safeHost(target) : null,
        origin: row.origin ?? 'api',
        ...(row.integration ? { integration: row.integration } : {}),
        settings: { hidden: false, starred: false },
        status: row.status === 'cancelling' ? ('processing' as const) : (row.status as 'processing'),
        options: {
          prompt: request.prompt,
          model: row.model as 'spark-1-pro',
          ...(request.urls ? { urls: request.urls } : {}),
          ...(request.schema ? { schema: request.schema } : {}),
          ...(request.effort ? { effort: request.effort } : {}),
        },
      }
    })
    const last = page[page.length - 1]
    const next =
      rows.length > AGENT_PAGE_SIZE && last
        ? new URL(`/v2/agent?before=${new Date(last.created_at).getTime()}`, c.req.url).toString()
        : undefined
    return c.json({ success: true, agents, ...(next ? { next } : {}) }, 200)
  }

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname
  } catch {
    return null
  }
}
