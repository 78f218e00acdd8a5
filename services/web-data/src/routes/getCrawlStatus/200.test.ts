import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { crawlFinished, sourcePaths, startCrawl } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/{id} → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, resultPageBytes: 1 })

  it('reports progress while scraping', async () => {
    const id = await startCrawl(t.client, { url: `${site.url}/docs/`, sitemap: 'skip' })
    const { data, response } = await t.client.GET('/v2/crawl/{id}', { params: { path: { id } } })
    expect(response.status).toBe(200)
    expect(['scraping', 'completed']).toContain(data?.status)
    expect(data?.creditsUsed).toBe(data?.completed)
  })

  it('pages large results with next, an absolute URL, until every document was returned', async () => {
    const id = await startCrawl(t.client, { url: `${site.url}/docs/`, sitemap: 'skip' })
    const first = await crawlFinished(t.client, id)
    expect(first).toMatchObject({ success: true, status: 'completed', total: 6, completed: 6 })
    expect(first.data).toHaveLength(1)
    expect(first.completedAt).toEqual(expect.any(String))
    const seen = [...(first.data ?? [])]
    let next = first.next
    while (next) {
      const skip = Number(new URL(next).searchParams.get('skip'))
      expect(next).toBe(`${t.url}/v2/crawl/${id}?skip=${skip}`)
      const { data } = await t.client.GET('/v2/crawl/{id}', {
        params: { path: { id }, query: { skip } as never },
      })
      seen.push(...(data?.data ?? []))
      next = data?.next ?? null
    }
    expect(sourcePaths(seen)).toEqual(['/docs/', '/docs/1', '/docs/2', '/docs/3', '/docs/4', '/docs/5'])
  })
})
