import type { components, paths } from '../../generated/openapi-typescript/web-data/schema'

type Scrape = paths['/v2/scrape']['post']
type ScrapeBody = Scrape['requestBody']['content']['application/json']
type ScrapeAnswer = Scrape['responses'][200]['content']['application/json']

/** Compiles only while the status is exactly the service's four values. */
type Exactly<T, U> = [T] extends [U] ? ([U] extends [T] ? true : false) : false
const crawlStatuses: Exactly<
  components['schemas']['CrawlStatusResponseObj']['status'],
  'scraping' | 'completed' | 'failed' | 'cancelled'
> = true
const batchStatuses: Exactly<
  components['schemas']['BatchScrapeStatusResponseObj']['status'],
  'scraping' | 'completed' | 'failed' | 'cancelled'
> = true
export const statusesChecked = crawlStatuses && batchStatuses

export async function scrapeTitle(baseUrl: string, apiKey: string): Promise<unknown> {
  const body: ScrapeBody = {
    url: 'https://example.com',
    headers: { 'User-Agent': 'interop-check' },
    formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } }],
  }
  const response = await fetch(`${baseUrl}/v2/scrape`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as ScrapeAnswer
  return answer.data?.json?.title
}
