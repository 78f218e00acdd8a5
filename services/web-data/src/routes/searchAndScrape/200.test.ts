import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { authenticate } from '../../billing/keys.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('POST /v2/search → 200 (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  let teamId: string
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startSharedTestService({ kind })
    teamId = (await authenticate(t.service.db, t.apiKey))?.teamId as string
    // The index is what the team has fetched: scrape a few fixture pages first.
    for (const path of ['/product.html', '/specs.html', '/reviews.html', '/releases.html', '/article.html']) {
      await t.client.POST('/v2/scrape', { body: { url: site.at(path), onlyMainContent: false } })
    }
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('ranks indexed pages by full-text relevance and charges 2 credits per 10 results', async () => {
    const before = await balance(t.service.db, teamId)
    const { data, response } = await t.client.POST('/v2/search', {
      body: { query: 'kettle specifications', limit: 5 },
    })
    expect(response.status).toBe(200)
    expect(data?.success).toBe(true)
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)
    const web = data?.data?.web ?? []
    // The page titled with both words ranks first; pages without either word are not returned.
    expect(web[0]).toEqual({
      title: 'Acme Kettle specifications',
      description: 'Technical data of the Acme Kettle.',
      url: site.at('/specs.html'),
    })
    expect(web.map((w) => w.url)).toContain(site.at('/product.html'))
    expect(web.map((w) => w.url)).not.toContain(site.at('/releases.html'))
    expect(data?.creditsUsed).toBe(2)
    expect(await balance(t.service.db, teamId)).toBe(before - 2)
  })

  it('matches through the GIN index of the tsvector column, not a list scan', async () => {
    // A handful of test rows would make a sequential scan cheaper; rule it out to see the index.
    const plan = await t.service.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off')
      return tx.query<Record<string, string>>(
        `EXPLAIN SELECT id FROM pages WHERE search @@ to_tsquery('english', 'kettle:*')`,
      )
    })
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('pages_search')
  })

  it('honours limit, includeDomains, excludeDomains and tbs', async () => {
    const one = await t.client.POST('/v2/search', { body: { query: 'kettle', limit: 1 } })
    expect(one.data?.data?.web).toHaveLength(1)
    const included = await t.client.POST('/v2/search', {
      body: { query: 'kettle', includeDomains: ['127.0.0.1'] },
    })
    expect(included.data?.data?.web?.length).toBeGreaterThan(1)
    const excluded = await t.client.POST('/v2/search', {
      body: { query: 'kettle', excludeDomains: ['127.0.0.1'] },
    })
    expect(excluded.data?.data?.web).toEqual([])
    const recent = await t.client.POST('/v2/search', {
      body: { query: 'kettle', sources: [{ type: 'web', tbs: 'qdr:h' }] },
    })
    expect(recent.data?.data?.web?.length).toBeGreaterThan(1)
    const old = await t.client.POST('/v2/search', {
      body: { query: 'kettle', tbs: 'cdr:1,cd_min:1/1/2000,cd_max:12/31/2000' },
    })
    expect(old.data?.data?.web).toEqual([])
    expect(old.data?.creditsUsed).toBe(0)
    const github = await t.client.POST('/v2/search', {
      body: { query: 'kettle', categories: [{ type: 'github' }] },
    })
    expect(github.data?.data?.web).toEqual([])
  })

  it('takes categories by name, as the real API’s SDKs send them, like the object form; developer too', async () => {
    // The fixture site is none of these: every category narrows the results to nothing.
    const everything = await t.client.POST('/v2/search', { body: { query: 'kettle' } })
    expect(everything.data?.data?.web?.length).toBeGreaterThan(1)
    for (const categories of [
      ['github'],
      ['developer'],
      [{ type: 'developer' }],
      ['research', { type: 'github' }],
    ]) {
      const { data, response } = await t.client.POST('/v2/search', {
        body: { query: 'kettle', categories: categories as never },
      })
      expect(response.status).toBe(200)
      expect(data?.data?.web).toEqual([])
    }
  })

  it('scrapes each result through the scrape pipeline when scrapeOptions has formats', async () => {
    const before = await balance(t.service.db, teamId)
    const hits = site.hits.get('/releases.html') ?? 0
    const { data } = await t.client.POST('/v2/search', {
      body: { query: 'releases', limit: 1, scrapeOptions: { formats: ['markdown', 'links'] } },
    })
    const result = data?.data?.web?.[0]
    expect(result?.url).toBe(site.at('/releases.html'))
    expect(result?.markdown).toContain('v3.2.0')
    expect(result?.links).toEqual(expect.arrayContaining([site.at('/catalog.html')]))
    expect(result?.metadata).toMatchObject({ statusCode: 200, sourceURL: site.at('/releases.html') })
    expect(site.hits.get('/releases.html')).toBe(hits + 1)
    // 2 for the search, 1 for the scraped page.
    expect(data?.creditsUsed).toBe(3)
    expect(await balance(t.service.db, teamId)).toBe(before - 3)
  })

  it('returns images found in the matching pages and news ordered by fetch time', async () => {
    const { data } = await t.client.POST('/v2/search', {
      body: { query: 'kettles heating', sources: ['images', 'news'] },
    })
    expect(data?.data?.web).toBeUndefined()
    expect(data?.data?.images).toEqual([
      { title: 'kettle', imageUrl: site.at('/img/kettle.png'), url: site.at('/article.html'), position: 1 },
    ])
    expect(data?.data?.news?.[0]).toMatchObject({
      title: 'How kettles work',
      url: site.at('/article.html'),
      position: 1,
    })
    // The words of the page as they are: matched words are not marked (no selectors around them).
    expect(data?.data?.news?.[0]?.snippet).toContain('A heating element warms the water.')
  })

  it('only sees the pages of the calling team', async () => {
    const other = await t.newTeam(10)
    const { data } = await t.clientWith(other.key).POST('/v2/search', { body: { query: 'kettle' } })
    expect(data?.data?.web).toEqual([])
  })
})
