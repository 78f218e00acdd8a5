import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/scrape/{jobId} → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('returns the stored result of a scrape by the id in metadata.scrapeId, without fetching again', async () => {
    const scraped = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html'), formats: ['markdown', 'links'] },
    })
    const jobId = String(scraped.data?.data?.metadata?.scrapeId)
    const hits = site.hits.get('/product.html')
    const { data, response } = await t.client.GET('/v2/scrape/{jobId}', { params: { path: { jobId } } })
    expect(response.status).toBe(200)
    expect(data).toEqual(scraped.data)
    expect(site.hits.get('/product.html')).toBe(hits)
  })
})
