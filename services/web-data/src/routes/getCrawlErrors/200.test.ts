import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { crawlFinished, startCrawl } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/{id}/errors → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('lists failed pages with the reason and the URLs robots.txt disallows', async () => {
    const id = await startCrawl(t.client, { url: site.url, sitemap: 'skip' })
    await crawlFinished(t.client, id)
    const { data, response } = await t.client.GET('/v2/crawl/{id}/errors', { params: { path: { id } } })
    expect(response.status).toBe(200)
    expect(data).toEqual({
      errors: [
        {
          id: expect.any(String),
          timestamp: expect.any(String),
          url: site.at('/reset'),
          error: expect.stringContaining('Bad Gateway'),
        },
      ],
      robotsBlocked: [site.at('/private/secret.html')],
    })
  })
})
