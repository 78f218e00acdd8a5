import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crawlFinished, startCrawl } from '../../testing/crawl.js'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('DELETE /v2/crawl/{id} → 200 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite({ delayMs: 150 })
    t = await startTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('stops a running crawl; scraped pages stay, no more are scraped', async () => {
    const id = await startCrawl(t.client, { url: `${site.url}/docs/`, sitemap: 'skip', maxConcurrency: 1 })
    const { data, response } = await t.client.DELETE('/v2/crawl/{id}', { params: { path: { id } } })
    expect(response.status).toBe(200)
    expect(data).toEqual({ status: 'cancelled' })
    const status = await crawlFinished(t.client, id)
    expect(status.status).toBe('cancelled')
    await new Promise((r) => setTimeout(r, 300))
    const later = await t.client.GET('/v2/crawl/{id}', { params: { path: { id } } })
    expect(later.data?.completed).toBe(status.completed)
    expect(status.completed).toBeLessThan(6)
    const again = await t.client.DELETE('/v2/crawl/{id}', { params: { path: { id } } })
    expect(again.response.status).toBe(200)
  })
})
