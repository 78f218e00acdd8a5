import { expect } from 'vitest'
import { eventually, type TestService } from './harness.js'

type Client = TestService['client']

/** Starts a crawl and returns its id. */
export async function startCrawl(client: Client, body: Record<string, unknown>): Promise<string> {
  const { data, response, error } = await client.POST('/v2/crawl', { body: body as never })
  expect(error).toBeUndefined()
  expect(response.status).toBe(200)
  return data?.id as string
}

/** Polls a crawl until it leaves `scraping`, following `next` to collect every document. */
export async function crawlFinished(client: Client, id: string, timeoutMs = 20_000) {
  const status = await eventually(async () => {
    const { data } = await client.GET('/v2/crawl/{id}', { params: { path: { id } } })
    return data && data.status !== 'scraping' ? data : undefined
  }, timeoutMs)
  return status
}

/** Polls a batch scrape until it leaves `scraping`. */
export async function batchFinished(client: Client, id: string, timeoutMs = 20_000) {
  return eventually(async () => {
    const { data } = await client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })
    return data && data.status !== 'scraping' ? data : undefined
  }, timeoutMs)
}

/** Paths (with query) of the documents' source URLs, sorted. */
export function sourcePaths(documents: ReadonlyArray<{ metadata?: { sourceURL?: string } }>): string[] {
  return documents
    .map((d) => {
      const u = new URL(d.metadata?.sourceURL ?? '')
      return `${u.pathname}${u.search}`
    })
    .sort()
}
