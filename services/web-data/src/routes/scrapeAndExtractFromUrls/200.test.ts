import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { batchFinished, sourcePaths } from '../../testing/crawl.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 200 (%s)', (kind) => {
  const site = useCrawlSite()
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
})
