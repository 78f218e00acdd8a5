import type { Handler } from '@apiplatform/web-data-routes'
import { jobErrors } from '../../crawl/http.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/batch/scrape/{id}/errors: failed URLs with the reason. */
export const getBatchScrapeErrors =
  (deps: Deps): Handler<'getBatchScrapeErrors', ServiceEnv> =>
  async (c) => {
    const job = { teamId: c.get('principal').teamId, kind: 'batch' as const, id: c.req.valid('param').id }
    return c.json(await jobErrors(deps, job), 200)
  }
