import type { Handler } from '@apiplatform/web-data-routes'
import { paramsFromPrompt } from '../../crawl/params.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { parseHttpUrl } from '../../scrape/plan.js'

/** POST /v2/crawl/params-preview: the crawl options a prompt stands for (fixed rules, see params.ts). */
export const crawlParamsPreview =
  (_deps: Deps): Handler<'crawlParamsPreview', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    const url = parseHttpUrl(body.url).toString()
    return c.json({ success: true, data: paramsFromPrompt(url, body.prompt) }, 200)
  }
