import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/crawl/params-preview → 200 (%s)', (kind) => {
  const _site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('derives crawl options from the prompt, the same way every time', async () => {
    const body = {
      url: 'https://docs.example.com',
      prompt: 'Only the API guides, at most 20 pages. Skip the sitemap, exclude /changelog.',
    }
    const { data, response } = await t.client.POST('/v2/crawl/params-preview', { body })
    expect(response.status).toBe(200)
    expect(data).toEqual({
      success: true,
      data: {
        url: 'https://docs.example.com/',
        includePaths: ['^/guides/.*'],
        excludePaths: ['^/changelog(/.*)?$'],
        crawlEntireDomain: false,
        allowExternalLinks: false,
        allowSubdomains: false,
        sitemap: 'skip',
        ignoreQueryParameters: true,
        ignoreRobotsTxt: false,
        limit: 20,
      },
    })
    const again = await t.client.POST('/v2/crawl/params-preview', { body })
    expect(again.data).toEqual(data)
    const wide = await t.client.POST('/v2/crawl/params-preview', {
      body: {
        url: 'https://example.com',
        prompt: 'The whole site including subdomains, depth 2, delay 1 second',
      },
    })
    expect(wide.data?.data).toMatchObject({
      crawlEntireDomain: true,
      allowSubdomains: true,
      maxDiscoveryDepth: 2,
      delay: 1,
    })
  })
})
