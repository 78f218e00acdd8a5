import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/** DELETE /v2/scrape/{jobId}/interact: closes the scrape's browser; later interact calls answer 410. */
export const stopInteractiveScrapeBrowserSession =
  (deps: Deps): Handler<'stopInteractiveScrapeBrowserSession', ServiceEnv> =>
  async (c) => {
    await requireBrowsers(deps.browsers).sessions.stopScrapeSession(
      c.get('principal').teamId,
      c.req.valid('param').jobId,
    )
    return c.json({ success: true }, 200)
  }
