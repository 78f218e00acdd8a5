import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/map → 400 (%s)', (kind) => {
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

  it('answers Invalid URL for a missing or non-http url', async () => {
    for (const body of [{}, { url: 'javascript:alert(1)' }]) {
      const { error, response } = await t.client.POST('/v2/map', { body: body as never })
      expect(response.status).toBe(400)
      expect(error).toEqual({ success: false, error: 'Invalid URL' })
    }
  })
})
