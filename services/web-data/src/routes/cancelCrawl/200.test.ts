import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { crawlFinished, startCrawl } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/crawl/{id} → 200 (%s)', (kind) => {
  const site = useCrawlSite({ delayMs: 150 })
  const t = useTestService({ kind })

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

  it('answers the same for a crawl that already finished, which keeps its status and pages', async () => {
    const id = await startCrawl(t.client, { url: site.at('/about.html'), sitemap: 'skip', limit: 1 })
    const done = await crawlFinished(t.client, id)
    expect(done.status).toBe('completed')
    const { data, response } = await t.client.DELETE('/v2/crawl/{id}', { params: { path: { id } } })
    expect(response.status).toBe(200)
    expect(data).toEqual({ status: 'cancelled' })
    const after = await t.client.GET('/v2/crawl/{id}', { params: { path: { id } } })
    expect(after.data).toMatchObject({ status: 'completed', completed: done.completed })
  })
})
