import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/crawl/params-preview → 400 (%s)', (kind) => {
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

  it('answers 400 for a missing prompt or an invalid url', async () => {
    const a = await t.client.POST('/v2/crawl/params-preview', { body: { url: site.url } as never })
    expect(a.response.status).toBe(400)
    const b = await t.client.POST('/v2/crawl/params-preview', {
      body: { url: 'mailto:x@y.z', prompt: 'all' },
    })
    expect(b.response.status).toBe(400)
    expect(b.error?.success).toBe(false)
  })
})
