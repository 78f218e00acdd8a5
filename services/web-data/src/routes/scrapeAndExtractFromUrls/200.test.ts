import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { batchFinished, sourcePaths } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  // Answers slowly, so that a batch is still scraping when the test reads it.
  const slow = useCrawlSite({ delayMs: 1_500 })
  const t = useTestService({ kind })

  it('scrapes every URL once with the scrape options, skipping invalid ones', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const urls = [
      site.at('/about.html'),
      site.at('/docs/1'),
      site.at('/docs/1#again'),
      'not a url',
      site.at('/reset'),
    ]
    const { data, response } = await client.POST('/v2/batch/scrape', {
      body: { urls, formats: ['markdown', 'links'] },
    })
    expect(response.status).toBe(200)
    expect(data).toEqual({
      success: true,
      id: expect.any(String),
      url: `${t.url}/v2/batch/scrape/${data?.id}`,
      invalidURLs: ['not a url'],
    })
    const status = await batchFinished(client, data?.id as string)
    expect(status).toMatchObject({ status: 'completed', total: 3, completed: 2, creditsUsed: 2, next: null })
    expect(sourcePaths(status.data ?? [])).toEqual(['/about.html', '/docs/1'])
    const about = status.data?.find((d) => d.metadata?.sourceURL?.endsWith('/about.html'))
    expect(about?.markdown).toContain('Founded: 1999')
    expect(about?.links).toEqual(expect.arrayContaining([`${site.url}/`]))
    expect(await balance(t.service.db, team.teamId)).toBe(98)
  })

  it('with appendToId adds the URLs to that batch: the same id, a total that grows, a completed batch scraping again', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const first = await client.POST('/v2/batch/scrape', { body: { urls: [site.at('/docs/1')] } })
    const id = first.data?.id as string
    expect(await batchFinished(client, id)).toMatchObject({ status: 'completed', total: 1, completed: 1 })

    const { data, response } = await client.POST('/v2/batch/scrape', {
      body: { urls: [slow.at('/docs/2'), site.at('/docs/1'), 'not a url'], appendToId: id },
    })
    expect(response.status).toBe(200)
    expect(data).toEqual({
      success: true,
      id,
      url: `${t.url}/v2/batch/scrape/${id}`,
      invalidURLs: ['not a url'],
    })
    // /docs/1 was in the batch already: only the new URL counts, and the batch scrapes again.
    const reopened = (await client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })).data
    expect(reopened).toMatchObject({ status: 'scraping', total: 2, completed: 1, creditsUsed: 1 })
    expect(reopened?.completedAt).toBeUndefined()

    const status = await batchFinished(client, id)
    expect(status).toMatchObject({ status: 'completed', total: 2, completed: 2, creditsUsed: 2, next: null })
    expect(status.completedAt).toEqual(expect.any(String))
    expect(sourcePaths(status.data ?? [])).toEqual(['/docs/1', '/docs/2'])
    expect(await balance(t.service.db, team.teamId)).toBe(98)
  })
})
