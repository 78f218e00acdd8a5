import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/activity → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  it('lists successful calls newest first, by endpoint, with a cursor', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    await client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    await client.POST('/v2/search', { body: { query: 'acme kettle' } })
    await client.POST('/v2/scrape', { body: { url: site.at('/specs.html') } })
    await client.POST('/v2/scrape', { body: { url: 'ftp://nope' } }) // 400: not activity
    await t.client.POST('/v2/search', { body: { query: 'other team' } })

    const all = await client.GET('/v2/team/activity')
    expect(all.response.status).toBe(200)
    expect(all.data?.data?.map((a) => [a.endpoint, a.target])).toEqual([
      ['scrape', site.at('/specs.html')],
      ['search', 'acme kettle'],
      ['scrape', site.at('/product.html')],
    ])
    expect(all.data?.data?.[0]).toMatchObject({
      id: expect.any(String),
      api_version: 'v2',
      created_at: expect.any(String),
    })
    expect(all.data).toMatchObject({ has_more: false, cursor: null })

    const first = await client.GET('/v2/team/activity', {
      params: { query: { endpoint: 'scrape', limit: 1 } },
    })
    expect(first.data?.data?.map((a) => a.target)).toEqual([site.at('/specs.html')])
    expect(first.data?.has_more).toBe(true)
    const second = await client.GET('/v2/team/activity', {
      params: { query: { endpoint: 'scrape', limit: 1, cursor: first.data?.cursor as string } },
    })
    expect(second.data?.data?.map((a) => a.target)).toEqual([site.at('/product.html')])
    expect(second.data).toMatchObject({ has_more: false, cursor: null })
  })
})
