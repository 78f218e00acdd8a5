import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404 } from '../../crawl/http.js'
import { failedPages, robotsBlocked } from '../../crawl/store.js'
import type { AppEnv, Deps } from '../../http/env.js'

/** GET /v2/crawl/{id}/errors: failed pages with the reason, and the URLs robots.txt disallowed. */
export const getCrawlErrors =
  (deps: Deps): Handler<'getCrawlErrors', AppEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    await crawlOr404(deps, c.get('principal').teamId, 'crawl', id)
    return c.json(
      { errors: await failedPages(deps.db, id), robotsBlocked: await robotsBlocked(deps.db, id) },
      200,
    )
  }
