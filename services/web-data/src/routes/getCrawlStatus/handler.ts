import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404, readSkip, resultPageBytes } from '../../crawl/http.js'
import { statusBody } from '../../crawl/store.js'
import type { AppEnv, Deps } from '../../http/env.js'

/** GET /v2/crawl/{id}: progress and documents, paged by `next` (`?skip=`) when large. */
export const getCrawlStatus =
  (deps: Deps): Handler<'getCrawlStatus', AppEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    const crawl = await crawlOr404(deps, c.get('principal').teamId, 'crawl', id)
    const body = await statusBody(deps.db, crawl, {
      skip: readSkip(c.req.query('skip')),
      maxBytes: resultPageBytes(deps),
      selfUrl: c.req.url,
    })
    return c.json(body, 200)
  }
