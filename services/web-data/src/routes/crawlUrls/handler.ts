import type { Handler } from '@apiplatform/web-data-routes'
import { balance } from '../../billing/credits.js'
import { selfUrl } from '../../crawl/http.js'
import { crawlOptionsFrom } from '../../crawl/options.js'
import { pagePrice } from '../../crawl/runner.js'
import { createCrawl } from '../../crawl/store.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'
import { assertPublicUrls } from '../../net/submission.js'
import { parseHttpUrl } from '../../scrape/plan.js'

/**
 * POST /v2/crawl: records the crawl and its durable job in one transaction, then answers with
 * the id and the status URL. The worker fetches robots.txt and the sitemap and scrapes the pages.
 */
export const crawlUrls =
  (deps: Deps): Handler<'crawlUrls', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json') as Record<string, unknown> & { url: string }
    const { teamId } = c.get('principal')
    const url = parseHttpUrl(body.url).toString()
    const raw: unknown = await c.req.json().catch(() => ({}))
    const sent = new Set(raw && typeof raw === 'object' ? Object.keys(raw) : [])
    const options = crawlOptionsFrom({ ...body, url }, sent)
    await assertPublicUrls([url, options.webhook?.url], deps.config)
    if ((await balance(deps.db, teamId)) < pagePrice(options)) throw new ApiError(402, Errors.paymentRequired)
    const id = await deps.db.transaction((tx) =>
      createCrawl(tx, deps.queue, { teamId, kind: 'crawl', url, options }),
    )
    deps.queue.wake()
    return c.json({ success: true, id, url: selfUrl(c.req.url, `/v2/crawl/${id}`) }, 200)
  }
