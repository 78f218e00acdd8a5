import type { Handler } from '@apiplatform/web-data-routes'
import { jobStatus } from '../../crawl/http.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/batch/scrape/{id}: progress and documents, paged by `next` (`?skip=`) when large. */
export const getBatchScrapeStatus =
  (deps: Deps): Handler<'getBatchScrapeStatus', ServiceEnv> =>
  async (c) => {
    const job = { teamId: c.get('principal').teamId, kind: 'batch' as const, id: c.req.valid('param').id }
    return c.json(await jobStatus(deps, job, { skip: c.req.query('skip'), url: c.req.url }), 200)
  }
