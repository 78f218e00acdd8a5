import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import type { TestService } from '../../testing/harness.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/scrape → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('returns the main content as markdown with the page metadata', async () => {
    const { data, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html') },
    })
    expect(response.status).toBe(200)
    expect(data?.success).toBe(true)
    const doc = data?.data
    expect(doc?.markdown).toContain('# Acme Kettle')
    expect(doc?.markdown).toContain('1.7 litre capacity')
    expect(doc?.markdown).toContain(`[Full specifications](${site.at('/specs.html')})`)
    // Page chrome is not main content.
    expect(doc?.markdown).not.toContain('Fixture Ltd')
    expect(doc?.markdown).not.toContain('Catalog')
    expect(doc?.metadata).toMatchObject({
      title: 'Acme Kettle 1.7 L',
      description: 'A fast 1.7 litre electric kettle.',
      language: 'en',
      keywords: 'kettle, kitchen',
      'og:title': 'Acme Kettle',
      sourceURL: site.at('/product.html'),
      url: site.at('/product.html'),
      statusCode: 200,
    })
    expect(doc?.html).toBeUndefined()
  })

  it('produces the images format: the absolute URLs of the page images; metadata says the credits used', async () => {
    const { data } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/article.html'), formats: ['markdown', 'images'] },
    })
    expect(data?.data?.images).toEqual([site.at('/img/kettle.png')])
    expect(data?.data?.warning).toBeUndefined()
    expect(data?.data?.metadata?.creditsUsed).toBe(1)
  })

  it('reads location.country in either case, as the real API does', async () => {
    const { response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html'), location: { country: 'us', languages: ['en'] } },
    })
    expect(response.status).toBe(200)
    const map = await t.client.POST('/v2/map', { body: { url: site.url, location: { country: 'de' } } })
    expect(map.response.status).toBe(200)
  })

  it('produces html, rawHtml, links and summary on request, and keeps chrome without onlyMainContent', async () => {
    const { data } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/product.html'),
        formats: ['markdown', 'html', 'rawHtml', 'links', 'summary'],
        onlyMainContent: false,
      },
    })
    const doc = data?.data
    expect(doc?.markdown).toContain('Fixture Ltd')
    expect(doc?.html).toContain('<h1>Acme Kettle</h1>')
    expect(doc?.html).not.toContain('<script')
    expect(doc?.rawHtml).toContain('application/ld+json')
    expect(doc?.links).toEqual(
      expect.arrayContaining([
        site.at('/specs.html'),
        site.at('/reviews.html'),
        site.at('/catalog.html'),
        site.at('/'),
      ]),
    )
    const main = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html'), formats: ['summary'] },
    })
    expect(main.data?.data?.summary).toMatch(
      /^Acme Kettle The Acme Kettle boils a full jug in under three minutes\. It has a 1\.7 litre capacity\./,
    )
  })

  it('applies includeTags and excludeTags', async () => {
    const only = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/article.html'), includeTags: ['h1'] },
    })
    expect(only.data?.data?.markdown).toBe('# How kettles work')
    const without = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/article.html'), excludeTags: ['.ad', 'img'] },
    })
    expect(without.data?.data?.markdown).toContain('A heating element warms the water.')
    expect(without.data?.data?.markdown).not.toContain('Advert')
    expect(without.data?.data?.markdown).not.toContain('Sponsored')
    expect(without.data?.data?.markdown).not.toContain('kettle.png')
  })

  it('extracts JSON against a schema from JSON-LD, definition lists and labelled text', async () => {
    const before = await balance(t.service.db, (await teamOf(t)).teamId)
    const { data } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/product.html'),
        formats: [
          {
            type: 'json',
            schema: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                price: { type: 'number' },
                currency: { type: 'string' },
                capacity: { type: 'string' },
                warranty: { type: 'string' },
                inStock: { type: 'boolean' },
              },
            },
          },
        ] as never,
        checkPromptInjection: true,
      },
    })
    expect((data?.data as { json?: unknown } | undefined)?.json).toEqual({
      name: 'Acme Kettle',
      price: 49.9,
      currency: 'EUR',
      capacity: '1.7 litres',
      warranty: '2 years',
      inStock: true,
    })
    // One page plus JSON extraction.
    expect(await balance(t.service.db, (await teamOf(t)).teamId)).toBe(before - 5)
  })

  it('follows redirects and reports both the asked and the final URL', async () => {
    const { data } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/redirect?to=/specs.html') },
    })
    expect(data?.data?.metadata?.sourceURL).toBe(site.at('/redirect?to=/specs.html'))
    expect(data?.data?.metadata?.url).toBe(site.at('/specs.html'))
    expect(data?.data?.markdown).toContain('2200 W')
  })

  it('charges one credit per page and records the page for search', async () => {
    const { teamId } = await teamOf(t)
    const before = await balance(t.service.db, teamId)
    await t.client.POST('/v2/scrape', {
      body: { url: site.at('/releases.html') },
    })
    expect(await balance(t.service.db, teamId)).toBe(before - 1)
    const rows = await t.service.db.query<{
      title: string
      status_code: number
    }>('SELECT title, status_code FROM pages WHERE final_url = $1', [site.at('/releases.html')])
    expect(rows).toEqual([{ title: 'Releases', status_code: 200 }])
  })

  it('answers 200 for a page that answers 404, with the status in metadata', async () => {
    const { data, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/missing.html') },
    })
    expect(response.status).toBe(200)
    expect(data?.data?.metadata?.statusCode).toBe(404)
  })
})

async function teamOf(t: TestService) {
  const { authenticate } = await import('../../billing/keys.js')
  const principal = await authenticate(t.service.db, t.apiKey)
  if (!principal) throw new Error('bootstrap key unknown')
  return principal
}
