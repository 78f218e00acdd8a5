import type { Handler, schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import type { Deps } from '../../deps.js'
import { jsonFormatWith } from '../../extraction/json-format.js'
import type { ServiceEnv } from '../../http/env.js'
import { planScrape } from '../../scrape/plan.js'
import { scrape } from '../../scrape/scrape.js'
import { pagesRecorded } from '../../search/indexer.js'

/** POST /v2/scrape: fetch one page now and answer with it in the requested formats. */
export const scrapeAndExtractFromUrl =
  (deps: Deps): Handler<'scrapeAndExtractFromUrl', ServiceEnv> =>
  async (c) => {
    const allowPrivateUrls = deps.config.allowPrivateUrls
    const plan = planScrape(c.req.valid('json'), { allowPrivateUrls })
    const document = await scrape(
      {
        db: deps.db,
        allowPrivateUrls,
        browsers: deps.browsers,
        jsonFormat: jsonFormatWith(deps.extractor),
        pagesRecorded,
      },
      c.get('principal').teamId,
      plan,
      c.get('teamCredits'),
    )
    return c.json({ success: true, data: document as z.infer<typeof schemas.Document> }, 200)
  }
