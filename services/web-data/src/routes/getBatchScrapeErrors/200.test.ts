import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { batchFinished } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/batch/scrape/{id}/errors → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('lists the URLs that failed with the reason', async () => {
    const started = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.at('/about.html'), site.at('/reset')] },
    })
    const id = started.data?.id as string
    await batchFinished(t.client, id)
    const { data, response } = await t.client.GET('/v2/batch/scrape/{id}/errors', {
      params: { path: { id } },
    })
    expect(response.status).toBe(200)
    expect(data).toEqual({
      errors: [
        {
          id: expect.any(String),
          timestamp: expect.any(String),
          url: site.at('/reset'),
          error: expect.any(String),
        },
      ],
      robotsBlocked: [],
    })
  })
})
