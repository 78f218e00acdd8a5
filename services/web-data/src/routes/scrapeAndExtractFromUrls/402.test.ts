import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 402 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite()
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('answers Payment Required: Insufficient credits when the team has no credits left', async () => {
    const team = await t.newTeam(0)
    const { error, response } = await t
      .clientWith(team.key)
      .POST('/v2/batch/scrape', { body: { urls: [site.url] } })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  })
})
