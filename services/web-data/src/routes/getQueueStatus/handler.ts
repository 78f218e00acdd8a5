import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { maxConcurrency, teamJobCounts } from '../../limits/index.js'

/** GET /v2/team/queue-status: the team's running and due jobs, and its concurrency limit. */
export const getQueueStatus =
  (deps: Deps): Handler<'getQueueStatus', ServiceEnv> =>
  async (c) => {
    const teamId = c.get('principal').teamId
    const jobs = await teamJobCounts(deps.db, teamId)
    return c.json(
      {
        success: true,
        jobsInQueue: jobs.active + jobs.waiting,
        activeJobsInQueue: jobs.active,
        waitingJobsInQueue: jobs.waiting,
        maxConcurrency: await maxConcurrency(deps, teamId),
        mostRecentSuccess: jobs.mostRecentSuccess?.toISOString() ?? null,
      },
      200,
    )
  }
