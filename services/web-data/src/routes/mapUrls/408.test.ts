import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/map → 408 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite({ delayMs: 2000 })
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('answers Request Timeout when the site answers later than timeout', async () => {
    const { error, response } = await t.client.POST('/v2/map', { body: { url: site.url, timeout: 200 } })
    expect(response.status).toBe(408)
    expect(error).toEqual({ success: false, error: 'Request Timeout' })
  })
})
