import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { describeJobNotFound, startBatchScrape, startCrawl } from '../../testing/job-not-found.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

// `appendToId` names the batch the URLs join: an id nobody has, or another team's batch, is not found.
describeJobNotFound('POST /v2/batch/scrape with appendToId', {
  start: startBatchScrape,
  call: (client, id) =>
    client.POST('/v2/batch/scrape', { body: { urls: ['http://127.0.0.1:9/more.html'], appendToId: id } }),
})

describe.each(testDatabaseKinds())('POST /v2/batch/scrape with appendToId → 404 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it("answers Not Found for a crawl's id, and leaves another team's batch as it was", async () => {
    const crawlId = (await startCrawl(t.client, site)) as string
    const toCrawl = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.at('/about.html')], appendToId: crawlId },
    })
    expect(toCrawl.response.status).toBe(404)
    expect(toCrawl.error).toEqual({ success: false, error: 'Not Found' })

    const batchId = (await startBatchScrape(t.client, site)) as string
    const other = await t.newTeam(10)
    const toBatch = await t.clientWith(other.key).POST('/v2/batch/scrape', {
      body: { urls: [site.at('/about.html')], appendToId: batchId },
    })
    expect(toBatch.response.status).toBe(404)
    const { data } = await t.client.GET('/v2/batch/scrape/{id}', { params: { path: { id: batchId } } })
    expect(data).toMatchObject({ status: 'scraping', total: 1 })
  })
})
