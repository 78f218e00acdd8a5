import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/batch/scrape/{id} → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, resultPageBytes: 1 })

  it('pages the documents with next', async () => {
    const urls = ['/docs/1', '/docs/2', '/docs/3'].map((p) => site.at(p))
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls } })
    const id = started.data?.id as string
    const first = await batchFinished(t.client, id)
    expect(first).toMatchObject({
      success: true,
      status: 'completed',
      total: 3,
      completed: 3,
      next: `${t.url}/v2/batch/scrape/${id}?skip=1`,
    })
    const second = await t.client.GET('/v2/batch/scrape/{id}', {
      params: { path: { id }, query: { skip: 1 } as never },
    })
    expect(second.response.status).toBe(200)
    expect(second.data?.data).toHaveLength(1)
  })
})
