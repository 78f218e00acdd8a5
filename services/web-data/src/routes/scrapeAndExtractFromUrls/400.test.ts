import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

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

  it('answers Bad Request for an appendToId that is not a UUID', async () => {
    expectBadRequest(
      await t.client.POST('/v2/batch/scrape', { body: { urls: [site.url], appendToId: 'nope' } }),
      'body',
      'appendToId',
    )
  })

  it("answers Bad Request for an append whose webhook is not the batch's own, and adds nothing", async () => {
    const hook = { url: 'http://127.0.0.1:9/hook', metadata: { batch: 1 } }
    const started = await t.client.POST('/v2/batch/scrape', { body: { urls: [site.url], webhook: hook } })
    const id = started.data?.id as string
    for (const webhook of ['http://127.0.0.1:9/other', { ...hook, metadata: { batch: 2 } }]) {
      const { response, error } = await t.client.POST('/v2/batch/scrape', {
        body: { urls: [site.at('/about.html')], appendToId: id, webhook },
      })
      expect(response.status).toBe(400)
      expect(error).toMatchObject({ success: false, error: 'Bad Request', details: [{ path: ['webhook'] }] })
    }
    // The batch's own webhook, sent again (an SDK call that repeats its options), is accepted.
    const same = await t.client.POST('/v2/batch/scrape', {
      body: { urls: [site.at('/docs/1')], appendToId: id, webhook: hook },
    })
    expect(same.response.status).toBe(200)
    const { data } = await t.client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(data?.total).toBe(2)
  })
})
