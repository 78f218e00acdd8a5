// The web-data API's official SDK (`@mendable/firecrawl-js`) against the reference service, unchanged
// but for its base URL: what another team's code does when it points the SDK at our stand-in.
import { SdkError } from '@mendable/firecrawl-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHRASE } from './support/site.ts'
import { startWebData, type WebDataTarget, webDataStorages } from './support/web-data.ts'

describe.each(webDataStorages)('@mendable/firecrawl-js on $name', ({ storage }) => {
  let t: WebDataTarget
  beforeAll(async () => {
    t = await startWebData(storage)
  })
  afterAll(() => t?.stop())

  it('crawl() waits for the crawl and returns its pages', async () => {
    const job = await t.sdk.crawl(t.site.url, { limit: 10, pollInterval: 0.05, timeout: 30 })
    expect(job.status).toBe('completed')
    expect(job.data.map((d) => d.metadata?.sourceURL ?? d.metadata?.url)).toContain(t.site.at('/phrase.html'))
    expect(job.completed).toBe(job.data.length)
  })

  it('batchScrape() waits for the batch and returns its pages', async () => {
    const job = await t.sdk.batchScrape([t.site.at('/docs/1'), t.site.at('/docs/2')], {
      options: { formats: ['markdown'] },
      pollInterval: 0.05,
      timeout: 30,
    })
    expect(job.status).toBe('completed')
    expect(job.data).toHaveLength(2)
    expect(job.data.map((d) => d.markdown).join()).toContain('Chapter 2')
  })

  it('maps a not-found job to SdkError 404', async () => {
    const error = await t.sdk.getCrawlStatus('00000000-0000-4000-8000-000000000000').catch((e) => e)
    expect(error).toBeInstanceOf(SdkError)
    expect(error.status).toBe(404)
  })

  describe('search', () => {
    beforeAll(async () => {
      await t.sdk.crawl(t.site.url, { limit: 10, pollInterval: 0.05, timeout: 30 })
    })

    it('finds a crawled page by a phrase of its text, first', async () => {
      const found = await t.sdk.search(PHRASE, { limit: 5 })
      const urls = (found.web ?? []).map((r) => ('url' in r ? r.url : r.metadata?.url))
      expect(urls[0]).toBe(t.site.at('/phrase.html'))
    })

    it('respects limit', async () => {
      const found = await t.sdk.search('copper', { limit: 1 })
      expect(found.web).toHaveLength(1)
    })

    it('orders ties stably', async () => {
      const first = await t.sdk.search('chapter', { limit: 10 })
      const again = await t.sdk.search('chapter', { limit: 10 })
      const urls = (first.web ?? []).map((r) => ('url' in r ? r.url : ''))
      expect(urls).toHaveLength(4)
      expect((again.web ?? []).map((r) => ('url' in r ? r.url : ''))).toEqual(urls)
      expect(urls).toEqual([...urls].sort())
    })
  })
})
