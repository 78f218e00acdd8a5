import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/scrape → 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['missing', {}],
    ['not a string', { url: 42 }],
    ['malformed', { url: 'not a url' }],
    ['relative', { url: '/products/kettle' }],
    ['not http(s)', { url: 'ftp://example.org/file.txt' }],
    ['javascript', { url: 'javascript:alert(1)' }],
  ])('answers `Invalid URL` when url is %s', async (_case, body) => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: body as never,
    })
    expect(response.status).toBe(400)
    expect(error).toEqual({ success: false, error: 'Invalid URL' })
  })

  it('answers `Bad Request` with details when another field fails validation', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: 'https://example.org/', timeout: 'soon' as never },
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
    expect(error?.details).toEqual([expect.objectContaining({ in: 'body', path: ['timeout'] })])
  })

  it('answers `Bad Request` for a body that is not JSON', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: 'https://example.org/' },
      bodySerializer: () => '{"url": ',
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
  })

  it('refuses a cache age past the documented bound instead of failing', async () => {
    for (const field of ['maxAge', 'minAge'] as const) {
      const { error, response } = await t.client.POST('/v2/scrape', {
        body: { url: 'https://example.org/', [field]: 9_007_199_254_740_991 },
      })
      expect(response.status, field).toBe(400)
      expect(error).toMatchObject({ error: 'Bad Request', details: [{ in: 'body', path: [field] }] })
    }
  })
})
