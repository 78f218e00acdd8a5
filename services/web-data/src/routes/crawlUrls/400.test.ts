import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/crawl → 400 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, fresh: true })

  it('answers Invalid URL for a missing, non-http or malformed url', async () => {
    // `%F` starts no percent-encoded byte: the spec's `format: uri` refuses it.
    const malformed = [{ url: 'https://example.com/%F' }, { url: 'https://example.com/?q=%zz' }]
    for (const body of [{}, { url: 'ftp://example.com' }, { url: 'not a url' }, ...malformed]) {
      const { error, response } = await t.client.POST('/v2/crawl', { body: body as never })
      expect(response.status).toBe(400)
      expect(error).toEqual({ success: false, error: 'Invalid URL' })
    }
  })

  it('answers Bad Request for an includePaths pattern that is not a regular expression', async () => {
    const { error, response } = await t.client.POST('/v2/crawl', {
      body: { url: site.url, includePaths: ['(unclosed'] },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({
      success: false,
      error: 'Bad Request',
      details: [{ path: ['includePaths', 0] }],
    })
  })

  it('answers Bad Request for a webhook URL that is not an absolute http(s) URL, and records nothing', async () => {
    for (const webhook of [{ url: 'ftp://example.com/hook' }, { url: '/relative' }]) {
      const { error, response } = await t.client.POST('/v2/crawl', { body: { url: site.url, webhook } })
      expect(response.status).toBe(400)
      expect(error).toMatchObject({
        success: false,
        error: 'Bad Request',
        details: [{ path: ['webhook', 'url'] }],
      })
    }
    const rows = await t.service.db.query<{ n: number | string }>('SELECT count(*) AS n FROM crawls')
    expect(Number(rows[0]?.n)).toBe(0)
  })

  it('answers Bad Request for a webhook given as a malformed uri, and records nothing', async () => {
    // Checked by the validation generated from the spec's `format: uri`, as every uri of a request.
    const { error, response } = await t.client.POST('/v2/crawl', {
      body: { url: site.url, webhook: 'https://example.com/hook/%F' },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ success: false, error: 'Bad Request', details: [{ path: ['webhook'] }] })
    const rows = await t.service.db.query<{ n: number | string }>('SELECT count(*) AS n FROM crawls')
    expect(Number(rows[0]?.n)).toBe(0)
  })

  it('answers Bad Request for a body of the wrong shape', async () => {
    const { error, response } = await t.client.POST('/v2/crawl', {
      body: { url: site.url, limit: 'many' } as never,
    })
    expect(response.status).toBe(400)
    expect(error?.success).toBe(false)
  })
})
