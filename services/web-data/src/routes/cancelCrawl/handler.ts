import type { Handler } from '@apiplatform/web-data-routes'
import { crawlOr404 } from '../../crawl/http.js'
import { cancelCrawl as cancel } from '../../crawl/store.js'
import type { AppEnv, Deps } from '../../http/env.js'
import { ApiError, Errors } from '../../http/errors.js'

/** DELETE /v2/crawl/{id}: stops a running crawl (again: 200); a finished one answers 409. */
export const cancelCrawl =
  (deps: Deps): Handler<'cancelCrawl', AppEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    await crawlOr404(deps, c.get('principal').teamId, 'crawl', id)
    const before = await cancel(deps.db, id)
    if (before === 'completed' || before === 'failed') throw new ApiError(409, Errors.conflict)
    return c.json({ status: 'cancelled' as const }, 200)
  }
