import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/map → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('lists the URLs of the site from its sitemap and links, for one credit', async () => {
    const team = await t.newTeam(10)
    const { data, response } = await t.clientWith(team.key).POST('/v2/map', { body: { url: site.url } })
    expect(response.status).toBe(200)
    const paths = (data?.links ?? []).map((l) => new URL(l.url).pathname)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/docs/',
        '/blog/',
        '/about.html',
        '/orphan.html',
        '/blog/post-2',
        '/broken.html',
      ]),
    )
    expect(paths).not.toContain('/page')
    expect(new Set(paths).size).toBe(paths.length)
    expect(data?.links?.[0]).toMatchObject({ url: `${site.url}/`, title: 'Home' })
    expect(await balance(t.service.db, team.teamId)).toBe(9)
  })

  it('filters by search, cuts at limit, and reads only the sitemap with sitemap: only', async () => {
    const searched = await t.client.POST('/v2/map', { body: { url: site.url, search: 'blog' } })
    expect(searched.data?.links?.map((l) => new URL(l.url).pathname)).toEqual(['/blog/', '/blog/post-2'])
    const limited = await t.client.POST('/v2/map', { body: { url: site.url, limit: 2 } })
    expect(limited.data?.links).toHaveLength(2)
    const only = await t.client.POST('/v2/map', { body: { url: site.url, sitemap: 'only' } })
    expect(only.data?.links?.map((l) => new URL(l.url).pathname).sort()).toEqual([
      '/',
      '/about.html',
      '/blog/post-2',
      '/orphan.html',
    ])
    const skip = await t.client.POST('/v2/map', { body: { url: site.url, sitemap: 'skip' } })
    expect(skip.data?.links?.map((l) => new URL(l.url).pathname)).not.toContain('/orphan.html')
  })
})
