import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/extract → 400 (%s)', (kind) => {
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

  it('answers Bad Request without urls', async () => {
    const { error, response } = await t.client.POST('/v2/extract', { body: { prompt: 'x' } as never })
    expect(response.status).toBe(400)
    expect(error?.success).toBe(false)
  })

  it('answers Invalid URL when no URL is valid', async () => {
    const { error, response } = await t.client.POST('/v2/extract', { body: { urls: ['nope'] } })
    expect(response.status).toBe(400)
    expect(error).toEqual({ success: false, error: 'Invalid URL' })
  })
})
