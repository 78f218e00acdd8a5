import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/**
 * POST /v2/scrape/{jobId}/interact: runs `node` code against the scrape's browser (kept open
 * after a browser scrape, opened at the scraped URL otherwise). No CDP or live view is exposed:
 * the URL fields are null.
 */
export const interactWithScrapeBrowserSession =
  (deps: Deps): Handler<'interactWithScrapeBrowserSession', ServiceEnv> =>
  async (c) => {
    const { jobId } = c.req.valid('param')
    const body = c.req.valid('json')
    const result = await requireBrowsers(deps.browsers).sessions.interactWithScrape(
      c.get('principal').teamId,
      jobId,
      {
        code: body.code,
        language: body.language ?? 'node',
        timeout: body.timeout ?? 30,
      },
    )
    return c.json(
      {
        success: true,
        cdpUrl: null,
        liveViewUrl: null,
        interactiveLiveViewUrl: null,
        output: result.result ?? (result.stdout === '' ? null : result.stdout),
        ...result,
      },
      200,
    )
  }
