import type { Handler, schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'
import { getScrapeJob } from '../../interact/scrape-jobs.js'

/** GET /v2/scrape/{jobId}: the stored result of an earlier scrape of the team, while retained. */
export const getScrapeStatus =
  (deps: Deps): Handler<'getScrapeStatus', ServiceEnv> =>
  async (c) => {
    const job = await getScrapeJob(deps.db, c.get('principal').teamId, c.req.valid('param').jobId)
    if (!job) throw new ApiError(404, Errors.notFound, { code: 'SCRAPE_JOB_NOT_FOUND' })
    if (!job.document || job.expired) {
      throw new ApiError(404, Errors.notFound, {
        code: 'SCRAPE_RESULT_NOT_RETAINED',
        details: {
          reason: job.document
            ? 'The result of this scrape is no longer retained.'
            : 'This scrape ran with zeroDataRetention; its result was not kept.',
        },
      })
    }
    return c.json({ success: true, data: job.document as z.infer<typeof schemas.Document> }, 200)
  }
