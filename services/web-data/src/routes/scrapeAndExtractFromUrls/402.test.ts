import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/batch/scrape → 402 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers Payment Required: Insufficient credits when the team has no credits left', async () => {
    const team = await t.newTeam(0)
    const { error, response } = await t
      .clientWith(team.key)
      .POST('/v2/batch/scrape', { body: { urls: [site.url] } })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  })

  it('answers Payment Required to an append the team cannot pay one page of, and adds nothing', async () => {
    const team = await t.newTeam(1)
    const client = t.clientWith(team.key)
    const started = await client.POST('/v2/batch/scrape', { body: { urls: [site.url] } })
    const id = started.data?.id as string
    // A page with the `json` format costs 5 credits: the append's price, not the batch's.
    const { error, response } = await client.POST('/v2/batch/scrape', {
      body: {
        urls: [site.at('/about.html')],
        appendToId: id,
        formats: [{ type: 'json', schema: { type: 'object' } }] as never,
      },
    })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
    const { data } = await client.GET('/v2/batch/scrape/{id}', { params: { path: { id } } })
    expect(data?.total).toBe(1)
  })
})
