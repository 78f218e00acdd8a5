import type { Handler } from '@apiplatform/web-data-routes'
import { jobErrors } from '../../crawl/http.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/crawl/{id}/errors: failed pages with the reason, and the URLs robots.txt disallowed. */
export const getCrawlErrors =
  (deps: Deps): Handler<'getCrawlErrors', ServiceEnv> =>
  async (c) => {
    const job = { teamId: c.get('principal').teamId, kind: 'crawl' as const, id: c.req.valid('param').id }
    return c.json(await jobErrors(deps, job), 200)
  }
