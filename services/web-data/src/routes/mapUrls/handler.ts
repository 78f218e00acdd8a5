import type { Handler } from '@apiplatform/web-data-routes'
import { balance, charge, Prices } from '../../billing/credits.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'
import { mapSite } from '../../map/map.js'
import { parseHttpUrl } from '../../scrape/plan.js'

/** POST /v2/map: the URLs of a site from its sitemaps and links. One credit per call. */
export const mapUrls =
  (deps: Deps): Handler<'mapUrls', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    const { teamId } = c.get('principal')
    const url = parseHttpUrl(body.url).toString()
    if ((await balance(deps.db, teamId)) < Prices.scrape) throw new ApiError(402, Errors.paymentRequired)
    const links = await mapSite(
      {
        url,
        ...(body.search !== undefined ? { search: body.search } : {}),
        ...(body.sitemap !== undefined ? { sitemap: body.sitemap } : {}),
        ...(body.includeSubdomains !== undefined ? { includeSubdomains: body.includeSubdomains } : {}),
        ...(body.ignoreQueryParameters !== undefined
          ? { ignoreQueryParameters: body.ignoreQueryParameters }
          : {}),
        ...(body.limit !== undefined ? { limit: body.limit } : {}),
        ...(body.timeout !== undefined ? { timeout: body.timeout } : {}),
      },
      { allowPrivateUrls: deps.config.allowPrivateUrls },
    )
    if (!(await charge(deps.db, teamId, Prices.scrape, 'map', url)))
      throw new ApiError(402, Errors.paymentRequired)
    return c.json({ success: true, links }, 200)
  }
