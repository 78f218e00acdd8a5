import { createApiClient } from '../../generated/openapi-zod-client/web-data/client'

export async function scrapeTitle(baseUrl: string, apiKey: string): Promise<unknown> {
  const api = createApiClient(baseUrl, { axiosConfig: { headers: { authorization: `Bearer ${apiKey}` } } })
  const scraped = await api.scrapeAndExtractFromUrl({
    url: 'https://example.com',
    headers: { 'User-Agent': 'interop-check' },
    formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } }],
  })
  return scraped.data?.json?.title
}
