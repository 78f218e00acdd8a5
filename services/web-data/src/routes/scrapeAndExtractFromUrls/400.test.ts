import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 400 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Invalid URL when no URL is valid, or any is invalid with ignoreInvalidURLs false', async () => {
    const a = await t.client.POST('/v2/batch/scrape', { body: { urls: ['nope'] } })
    expect(a.response.status).toBe(400)
    expect(a.error?.error).toBe('Invalid URL')
    const b = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.url, 'nope'], ignoreInvalidURLs: false },
    })
    expect(b.response.status).toBe(400)
    expect(b.error?.error).toBe('Invalid URL')
  })

  it('answers Bad Request for a webhook URL that is not an absolute http(s) URL', async () => {
    const { response, error } = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.url], webhook: { url: 'javascript:alert(1)' } },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({
      success: false,
      error: 'Bad Request',
      details: [{ path: ['webhook', 'url'] }],
    })
  })

  it('answers Bad Request without urls', async () => {
    const { response, error } = await t.client.POST('/v2/batch/scrape', { body: {} as never })
    expect(response.status).toBe(400)
    expect(error?.success).toBe(false)
  })
})
