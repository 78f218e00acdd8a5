import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/map → 403 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite()
    t = await startTestService({ kind, worker: false, allowPrivateUrls: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('refuses a loopback address unless private URLs are allowed', async () => {
    const { error, response } = await t.client.POST('/v2/map', { body: { url: site.url } })
    expect(response.status).toBe(403)
    expect(error).toMatchObject({ success: false, error: 'Forbidden', code: 'URL_NOT_ALLOWED' })
    expect(site.hits.size).toBe(0)
  })
})
