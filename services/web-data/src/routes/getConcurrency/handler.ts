import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { maxConcurrency, teamJobCounts } from '../../limits/index.js'

/**
 * GET /v2/concurrency-check: the team's running and due jobs against its concurrent-job limit,
 * the two figures the limit middleware compares before starting a job.
 */
export const getConcurrency =
  (deps: Deps): Handler<'getConcurrency', ServiceEnv> =>
  async (c) => {
    const teamId = c.get('principal').teamId
    const jobs = await teamJobCounts(deps.db, teamId)
    return c.json(
      {
        success: true,
        concurrency: jobs.active + jobs.waiting,
        maxConcurrency: await maxConcurrency(deps, teamId),
      },
      200,
    )
  }
