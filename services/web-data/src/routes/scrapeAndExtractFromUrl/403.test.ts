import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('POST /v2/scrape → 403 (%s)', (kind) => {
  let t: TestService
  let guarded: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startSharedTestService({ kind, allowPrivateUrls: true })
    // The default: WEB_DATA_ALLOW_PRIVATE_URLS unset.
    guarded = await startSharedTestService({ kind, allowPrivateUrls: false })
  })
  afterAll(async () => {
    await t?.stop()
    await guarded?.stop()
    await site?.close()
  })

  // `as never`: the client types a format's `schema` as an empty object (reported to the client package).
  const extraction = [
    {
      type: 'json',
      schema: { type: 'object', properties: { price: { type: 'number' } } },
    },
  ] as never

  it('aborts JSON extraction when the page carries a prompt injection', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/injection.html'),
        formats: extraction,
        checkPromptInjection: true,
      },
    })
    expect(response.status).toBe(403)
    expect(error?.error).toBe('SCRAPE_PROMPT_INJECTION_DETECTED')
    expect(error?.code).toBe('SCRAPE_PROMPT_INJECTION_DETECTED')
  })

  it('aborts it when only the json format asks for the check, where the real API’s SDKs put it', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/injection.html'),
        formats: [
          {
            type: 'json',
            schema: { type: 'object', properties: { price: { type: 'number' } } },
            checkPromptInjection: true,
          },
        ] as never,
      },
    })
    expect(response.status).toBe(403)
    expect(error).toMatchObject({
      success: false,
      error: 'SCRAPE_PROMPT_INJECTION_DETECTED',
      code: 'SCRAPE_PROMPT_INJECTION_DETECTED',
    })
  })

  it('extracts from the same page without the flag (the remedy for a false positive)', async () => {
    const { data, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/injection.html'), formats: extraction },
    })
    expect(response.status).toBe(200)
    expect((data?.data as { json?: unknown } | undefined)?.json).toEqual({ price: 30 })
  })

  it.each([
    ['a loopback IP', (s: FixtureSite) => s.at('/product.html')],
    [
      'a name that resolves to loopback',
      (s: FixtureSite) => s.at('/product.html').replace('127.0.0.1', 'localhost'),
    ],
    [
      'an IPv4-mapped IPv6 loopback',
      (s: FixtureSite) => s.at('/product.html').replace('127.0.0.1', '[::ffff:127.0.0.1]'),
    ],
    ['the link-local metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://10.0.0.1/'],
  ])('refuses %s unless private URLs are allowed', async (_case, url) => {
    const hits = site.hits.get('/product.html') ?? 0
    const { error, response } = await guarded.client.POST('/v2/scrape', {
      body: { url: url(site) },
    })
    expect(response.status).toBe(403)
    expect(error).toMatchObject({
      success: false,
      error: 'Forbidden',
      code: 'URL_NOT_ALLOWED',
    })
    expect(site.hits.get('/product.html') ?? 0).toBe(hits)
  })
})
