import type { Handler } from '@apiplatform/web-data-routes'
import { balance } from '../../billing/credits.js'
import { appendToBatch } from '../../crawl/append.js'
import { selfUrl } from '../../crawl/http.js'
import { DEFAULT_CONCURRENCY, pageOptions } from '../../crawl/options.js'
import type { CrawlOptions } from '../../crawl/rows.js'
import { pagePrice } from '../../crawl/runner.js'
import { createCrawl } from '../../crawl/store.js'
import { toHttpUrl, urlKey } from '../../crawl/urls.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import type { ServiceEnv } from '../../http/env.js'
import { assertPublicUrls } from '../../net/submission.js'
import { webhookTarget } from '../../webhooks/target.js'

/**
 * POST /v2/batch/scrape: records the batch, one pending page per distinct URL, and its durable
 * job in one transaction; with `appendToId`, adds the pages to that batch of the team instead
 * (crawl/append.ts), to be scraped with this request's options. Malformed URLs are skipped and
 * listed (`ignoreInvalidURLs`, default) or refused with 400 `Invalid URL`.
 */
export const scrapeAndExtractFromUrls =
  (deps: Deps): Handler<'scrapeAndExtractFromUrls', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json') as Record<string, unknown> & { urls: string[]; appendToId?: string }
    const { teamId } = c.get('principal')
    const { pages, invalidURLs } = readUrls(body.urls, body.ignoreInvalidURLs !== false)
    const zeroDataRetention = body.zeroDataRetention === true
    const options: CrawlOptions = {
      sitemap: 'skip',
      ignoreQueryParameters: false,
      regexOnFullURL: false,
      limit: pages.length,
      crawlEntireDomain: false,
      allowExternalLinks: false,
      allowSubdomains: false,
      ignoreRobotsTxt: true,
      maxConcurrency:
        typeof body.maxConcurrency === 'number' ? Math.max(1, body.maxConcurrency) : DEFAULT_CONCURRENCY,
      scrapeOptions: pageOptions(body, zeroDataRetention, []),
      zeroDataRetention,
    }
    const webhook = webhookTarget(body.webhook)
    if (webhook) options.webhook = webhook
    await assertPublicUrls([...pages.map((page) => page.url), webhook?.url], deps.config)
    if ((await balance(deps.db, teamId)) < pagePrice(options)) throw new ApiError(402, Errors.paymentRequired)
    const appendToId = body.appendToId
    const id = await deps.db.transaction(async (tx) => {
      if (appendToId === undefined)
        return createCrawl(tx, deps.queue, { teamId, kind: 'batch', options, pages })
      const { scrapeOptions } = options
      await appendToBatch(tx, deps.queue, { teamId, id: appendToId, pages, scrapeOptions, webhook })
      return appendToId
    })
    deps.queue.wake()
    return c.json({ success: true, id, url: selfUrl(c.req.url, `/v2/batch/scrape/${id}`), invalidURLs }, 200)
  }

/** The request's distinct URLs with their dedupe keys, and the malformed ones (400 unless ignored). */
function readUrls(urls: unknown[], ignoreInvalid: boolean) {
  const invalidURLs: string[] = []
  const pages: Array<{ url: string; key: string }> = []
  const keys = new Set<string>()
  for (const raw of urls) {
    const url = typeof raw === 'string' ? toHttpUrl(raw.trim()) : undefined
    if (!url) {
      if (!ignoreInvalid) throw new ApiError(400, Errors.invalidUrl, { details: { url: raw } })
      invalidURLs.push(String(raw))
      continue
    }
    const key = urlKey(url)
    if (keys.has(key)) continue
    keys.add(key)
    pages.push({ url: url.toString(), key })
  }
  if (pages.length === 0) throw new ApiError(400, Errors.invalidUrl)
  return { pages, invalidURLs }
}
