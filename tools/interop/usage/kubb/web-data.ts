import type { z } from 'zod/v4'
import type { crawlStatusResponseObjSchema } from '../../generated/kubb/web-data/crawlStatusResponseObjSchema'
import { scrapeAndExtractFromUrlBodySchema } from '../../generated/kubb/web-data/scrapeAndExtractFromUrlSchema'

type ScrapeBody = z.input<typeof scrapeAndExtractFromUrlBodySchema>
type CrawlStatus = z.infer<typeof crawlStatusResponseObjSchema>['status']

export const FINAL: ReadonlyArray<CrawlStatus> = ['completed', 'failed', 'cancelled']

export function scrapeBody(): ScrapeBody {
  return scrapeAndExtractFromUrlBodySchema.parse({
    url: 'https://example.com',
    headers: { 'User-Agent': 'interop-check' },
    formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } }],
  } satisfies ScrapeBody)
}
