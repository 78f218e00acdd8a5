import { client } from '../../generated/hey-api/web-data/client.gen'
import { getCrawlStatus, scrapeAndExtractFromUrl } from '../../generated/hey-api/web-data/sdk.gen'
import type { CrawlStatusResponseObj } from '../../generated/hey-api/web-data/types.gen'

const FINAL: ReadonlyArray<CrawlStatusResponseObj['status']> = ['completed', 'failed', 'cancelled']

export async function scrapeTitle(baseUrl: string, apiKey: string): Promise<unknown> {
  client.setConfig({ baseUrl, auth: () => apiKey })
  const { data } = await scrapeAndExtractFromUrl({
    body: {
      url: 'https://example.com',
      headers: { 'User-Agent': 'interop-check' },
      formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } }],
    },
  })
  return data?.data?.json?.title
}

export async function crawlIsOver(id: string): Promise<boolean> {
  const { data } = await getCrawlStatus({ path: { id } })
  return data !== undefined && FINAL.includes(data.status)
}
