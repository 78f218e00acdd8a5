import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startCrawl } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/active → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('lists the running crawls of the team with their options', async () => {
    const id = await startCrawl(t.client, {
      url: site.url,
      limit: 5,
      scrapeOptions: { formats: ['markdown'] },
    })
    const { data, response } = await t.client.GET('/v2/crawl/active')
    expect(response.status).toBe(200)
    expect(data?.success).toBe(true)
    const mine = data?.crawls?.find((c) => c.id === id)
    expect(mine).toMatchObject({
      url: `${site.url}/`,
      teamId: expect.any(String),
      options: { limit: 5, scrapeOptions: { formats: ['markdown'] } },
    })
    const other = await t.newTeam(10)
    const theirs = await t.clientWith(other.key).GET('/v2/crawl/active')
    expect(theirs.data).toEqual({ success: true, crawls: [] })
  })
})
