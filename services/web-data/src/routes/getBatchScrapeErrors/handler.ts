import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404 } from '../../crawl/http.js'
import { failedPages, robotsBlocked } from '../../crawl/store.js'
import type { AppEnv, Deps } from '../../http/env.js'

/** GET /v2/batch/scrape/{id}/errors: failed URLs with the reason. */
export const getBatchScrapeErrors =
  (deps: Deps): Handler<'getBatchScrapeErrors', AppEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    await crawlOr404(deps, c.get('principal').teamId, 'batch', id)
    return c.json(
      { errors: await failedPages(deps.db, id), robotsBlocked: await robotsBlocked(deps.db, id) },
      200,
    )
  }
