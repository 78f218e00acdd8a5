import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404, readSkip, resultPageBytes } from '../../crawl/http.js'
import { statusBody } from '../../crawl/store.js'
import type { AppEnv, Deps } from '../../http/env.js'

/** GET /v2/batch/scrape/{id}: progress and documents, paged by `next` (`?skip=`) when large. */
export const getBatchScrapeStatus =
  (deps: Deps): Handler<'getBatchScrapeStatus', AppEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    const batch = await crawlOr404(deps, c.get('principal').teamId, 'batch', id)
    const body = await statusBody(deps.db, batch, {
      skip: readSkip(c.req.query('skip')),
      maxBytes: resultPageBytes(deps),
      selfUrl: c.req.url,
    })
    return c.json(body, 200)
  }
