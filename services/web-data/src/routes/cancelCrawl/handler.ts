import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404 } from '../../crawl/http.js'
import { cancelCrawl as cancel } from '../../crawl/store.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/**
 * DELETE /v2/crawl/{id}: stops a running crawl (again: 200). A finished one keeps its status
 * and pages and answers the same, as the real API does (its SDK treats any 200 as cancelled).
 */
export const cancelCrawl =
  (deps: Deps): Handler<'cancelCrawl', ServiceEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    await crawlOr404(deps, c.get('principal').teamId, 'crawl', id)
    await cancel(deps.db, id)
    return c.json({ status: 'cancelled' as const }, 200)
  }
