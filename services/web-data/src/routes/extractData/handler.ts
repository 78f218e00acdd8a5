import type { Handler } from '@apiplatform/web-data-routes'
import { balance, Prices } from '../../billing/credits.js'
import { pageOptions } from '../../crawl/options.js'
import { toHttpUrl } from '../../crawl/urls.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import { assertValidJsonSchema, type JsonSchema } from '../../extraction/json-schema.js'
import { createExtract, type ExtractRequest } from '../../extraction/store.js'
import type { ServiceEnv } from '../../http/env.js'
import { assertPublicUrls } from '../../net/submission.js'

/**
 * POST /v2/extract: validates the schema (422 when it is not JSON Schema), records the job and
 * answers with its id. URLs ending in `/*` stand for the pages of the site below that path.
 */
export const extractData =
  (deps: Deps): Handler<'extractData', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    const { teamId } = c.get('principal')
    if (body.schema !== undefined) assertValidJsonSchema(body.schema)
    const ignoreInvalid = body.ignoreInvalidURLs !== false
    const invalidURLs: string[] = []
    const pages: string[] = []
    const wildcards: string[] = []
    for (const raw of body.urls) {
      const wildcard = raw.trim().endsWith('/*')
      const url = toHttpUrl(wildcard ? raw.trim().slice(0, -1) : raw.trim())
      if (!url) {
        if (!ignoreInvalid) throw new ApiError(400, Errors.invalidUrl, { details: { url: raw } })
        invalidURLs.push(raw)
        continue
      }
      if (wildcard) {
        wildcards.push(`${url.toString().replace(/\/$/, '')}/*`)
        pages.push(url.toString())
      } else pages.push(url.toString())
    }
    if (pages.length === 0) throw new ApiError(400, Errors.invalidUrl)
    await assertPublicUrls(pages, deps.config)
    if ((await balance(deps.db, teamId)) < Prices.scrape) throw new ApiError(402, Errors.paymentRequired)
    const request: ExtractRequest = {
      urls: body.urls,
      ...(body.prompt !== undefined ? { prompt: body.prompt } : {}),
      ...(body.schema !== undefined ? { schema: body.schema as JsonSchema } : {}),
      includeSubdomains: body.includeSubdomains ?? true,
      ignoreSitemap: body.ignoreSitemap ?? false,
      scrapeOptions: pageOptions(body.scrapeOptions as Record<string, unknown> | undefined),
    }
    const id = await deps.db.transaction((tx) =>
      createExtract(tx, deps.queue, teamId, request, {
        wildcards,
        queue: [...new Set(pages)],
        visited: [],
        result: {},
        failures: 0,
      }),
    )
    deps.queue.wake()
    return c.json({ success: true, id, invalidURLs }, 200)
  }
