import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { crawlFinished, startCrawl } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/crawl/{id} → 409 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('answers Conflict for a crawl that already finished', async () => {
    const id = await startCrawl(t.client, { url: site.at('/about.html'), sitemap: 'skip' })
    await crawlFinished(t.client, id)
    const { error, response } = await t.client.DELETE('/v2/crawl/{id}', { params: { path: { id } } })
    expect(response.status).toBe(409)
    expect(error).toEqual({ success: false, error: 'Conflict' })
  })
})
