import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { runSearch } from '../../search/search.js'

/** POST /v2/search: full-text search over the team's page index, optionally scraping each result. */
export const searchAndScrape =
  (deps: Deps): Handler<'searchAndScrape', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    // Results are scraped only when the caller asked for formats (the validated body defaults them).
    const raw = (await c.req.json()) as { scrapeOptions?: { formats?: unknown[] } }
    const wantsScrape = Array.isArray(raw.scrapeOptions?.formats) && raw.scrapeOptions.formats.length > 0
    const options = body.scrapeOptions
    const result = await runSearch(
      { db: deps.db, allowPrivateUrls: deps.config.allowPrivateUrls, extractor: deps.extractor },
      c.get('principal').teamId,
      {
        query: body.query,
        limit: body.limit,
        sources: body.sources,
        ...(body.categories ? { categories: body.categories } : {}),
        ...(body.includeDomains ? { includeDomains: body.includeDomains } : {}),
        ...(body.excludeDomains ? { excludeDomains: body.excludeDomains } : {}),
        ...(body.tbs ? { tbs: body.tbs } : {}),
        timeout: body.timeout,
        ...(wantsScrape
          ? {
              scrape: {
                formats: options.formats,
                onlyMainContent: options.onlyMainContent,
                ...(options.includeTags ? { includeTags: options.includeTags } : {}),
                ...(options.excludeTags ? { excludeTags: options.excludeTags } : {}),
                timeout: options.timeout,
              },
            }
          : {}),
      },
    )
    return c.json({ success: true, ...result }, 200)
  }
