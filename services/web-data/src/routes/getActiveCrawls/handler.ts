import type { Handler } from '@apiplatform/web-data-routes'
import { activeCrawls } from '../../crawl/store.js'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/crawl/active: the team's crawls still scraping, with their options. */
export const getActiveCrawls =
  (deps: Deps): Handler<'getActiveCrawls', ServiceEnv> =>
  async (c) => {
    const { teamId } = c.get('principal')
    const crawls = await activeCrawls(deps.db, teamId)
    return c.json(
      {
        success: true,
        crawls: crawls.map((crawl) => {
          const { url: _url, prompt: _prompt, webhook: _webhook, ...options } = crawl.options
          return {
            id: crawl.id,
            teamId: crawl.team_id,
            url: crawl.url ?? '',
            options: options as unknown as { scrapeOptions?: undefined },
          }
        }),
      },
      200,
    )
  }
