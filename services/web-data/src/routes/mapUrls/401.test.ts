import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/map → 401 (%s)', (kind) => {
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

  it('answers Unauthorized: Invalid token without a valid key', async () => {
    for (const key of ['', 'wd-unknown']) {
      const { error, response } = await t.clientWith(key).POST('/v2/map', { body: { url: site.url } })
      expect(response.status).toBe(401)
      expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })
})
