import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404 } from '../../crawl/http.js'
import { cancelCrawl } from '../../crawl/store.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/**
 * DELETE /v2/batch/scrape/{id}: stops a running batch (again: 200). A finished one keeps its status
 * and pages and answers the same, as the real API does (its SDK treats any 200 as cancelled).
 */
export const cancelBatchScrape =
  (deps: Deps): Handler<'cancelBatchScrape', ServiceEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    await crawlOr404(deps, c.get('principal').teamId, 'batch', id)
    await cancelCrawl(deps.db, id)
    return c.json({ status: 'cancelled' as const }, 200)
  }
