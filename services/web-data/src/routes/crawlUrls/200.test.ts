import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { crawlFinished, sourcePaths, startCrawl } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/crawl → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('records the crawl and its job before answering', async () => {
    const { data, response } = await t.client.POST('/v2/crawl', { body: { url: site.url, limit: 1 } })
    expect(response.status).toBe(200)
    expect(data).toEqual({ success: true, id: expect.any(String), url: `${t.url}/v2/crawl/${data?.id}` })
    const rows = await t.service.db.query<{ job: string }>(
      'SELECT j.id AS job FROM crawls c JOIN jobs j ON j.id = c.job_id WHERE c.id = $1',
      [data?.id],
    )
    expect(rows).toEqual([{ job: expect.any(String) }])
  })

  it('fails the crawl when the credits run out mid-way: the paid pages stay, nothing is overdrawn', async () => {
    const team = await t.newTeam(5)
    const client = t.clientWith(team.key)
    const id = await startCrawl(client, { url: site.url, maxConcurrency: 4 })
    const status = await crawlFinished(client, id)
    expect(status).toMatchObject({ status: 'failed', completed: 5, creditsUsed: 5 })
    expect(status.data).toHaveLength(5)
    expect(await balance(t.service.db, team.teamId)).toBe(0)
    const ledger = await t.service.db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM credit_ledger WHERE team_id = $1 AND reason = 'crawl'`,
      [team.teamId],
    )
    expect(Number(ledger[0]?.n)).toBe(5)
    const errors = await client.GET('/v2/crawl/{id}/errors', { params: { path: { id } } })
    expect(errors.data?.errors?.map((e) => e.error)).toContain('Payment Required: Insufficient credits')
  })

  it('crawls the site once per page: links, sitemap, robots.txt; credits per page', async () => {
    const team = await t.newTeam(1000)
    const client = t.clientWith(team.key)
    const id = await startCrawl(client, { url: site.url, maxConcurrency: 4 })
    const status = await crawlFinished(client, id)
    expect(status).toMatchObject({
      status: 'completed',
      total: 17,
      completed: 16,
      creditsUsed: 16,
      next: null,
    })
    expect(sourcePaths(status.data ?? [])).toEqual(
      [
        '/',
        '/about.html',
        '/blog/',
        '/blog/post-1',
        '/blog/post-2',
        '/blog/post-3',
        '/broken.html',
        '/docs/',
        '/docs/1',
        '/docs/1?ref=home',
        '/docs/2',
        '/docs/3',
        '/docs/4',
        '/docs/5',
        '/missing.html',
        '/orphan.html',
      ].sort(),
    )
    const home = status.data?.find((d) => d.metadata?.sourceURL === `${site.url}/`)
    expect(home?.markdown).toContain('Welcome to the fixture site.')
    expect(
      status.data?.find((d) => d.metadata?.sourceURL?.endsWith('/missing.html'))?.metadata?.statusCode,
    ).toBe(404)
    expect(site.hits.get('/private/secret.html')).toBeUndefined()
    expect(await balance(t.service.db, team.teamId)).toBe(984)
    expect(Date.parse(status.expiresAt ?? '')).toBeGreaterThan(Date.now())
  })

  it('honours limit, includePaths, excludePaths, maxDiscoveryDepth and sitemap modes', async () => {
    const limited = await crawlFinished(
      t.client,
      await startCrawl(t.client, { url: site.url, limit: 3, sitemap: 'skip' }),
    )
    expect(limited.total).toBe(3)
    expect(limited.completed).toBe(3)

    const docs = await crawlFinished(
      t.client,
      await startCrawl(t.client, {
        url: site.url,
        includePaths: ['^/docs/\\d+$'],
        excludePaths: ['^/docs/[45]$'],
        sitemap: 'skip',
        ignoreQueryParameters: true,
      }),
    )
    // The start page is always crawled; from there only matching links are followed.
    expect(sourcePaths(docs.data ?? [])).toEqual(['/', '/docs/1', '/docs/2', '/docs/3'])

    const below = await crawlFinished(
      t.client,
      await startCrawl(t.client, { url: `${site.url}/docs/`, sitemap: 'skip' }),
    )
    expect(sourcePaths(below.data ?? [])).toEqual([
      '/docs/',
      '/docs/1',
      '/docs/2',
      '/docs/3',
      '/docs/4',
      '/docs/5',
    ])

    const shallow = await crawlFinished(
      t.client,
      await startCrawl(t.client, { url: `${site.url}/docs/`, sitemap: 'skip', maxDiscoveryDepth: 1 }),
    )
    expect(shallow.total).toBe(6)
    const depth0 = await crawlFinished(
      t.client,
      await startCrawl(t.client, {
        url: `${site.url}/docs/1`,
        sitemap: 'skip',
        maxDiscoveryDepth: 1,
        crawlEntireDomain: true,
      }),
    )
    expect(sourcePaths(depth0.data ?? [])).toEqual(['/', '/docs/', '/docs/1', '/docs/2'])

    const only = await crawlFinished(t.client, await startCrawl(t.client, { url: site.url, sitemap: 'only' }))
    expect(sourcePaths(only.data ?? [])).toEqual(['/', '/about.html', '/blog/post-2', '/orphan.html'])
  })

  it('follows robots-disallowed links with ignoreRobotsTxt, and derives options from a prompt', async () => {
    const ignoring = await crawlFinished(
      t.client,
      await startCrawl(t.client, {
        url: site.url,
        ignoreRobotsTxt: true,
        includePaths: ['^/private/'],
        sitemap: 'skip',
      }),
    )
    expect(sourcePaths(ignoring.data ?? [])).toEqual(['/', '/private/secret.html'])
    const prompted = await crawlFinished(
      t.client,
      await startCrawl(t.client, {
        url: site.url,
        prompt: 'Only the blog, at most 3 pages. Skip the sitemap.',
      }),
    )
    expect(prompted.total).toBe(3)
    expect(sourcePaths(prompted.data ?? [])).toEqual(['/', '/blog/', '/blog/post-1'])
  })
})
