import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/search → 402 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  it('refuses a team without enough credits for the search', async () => {
    const team = await t.newTeam(1)
    const { error, response } = await t.clientWith(team.key).POST('/v2/search', { body: { query: 'kettle' } })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
    expect(await balance(t.service.db, team.teamId)).toBe(1)
  })

  it('refuses to scrape results the team cannot pay for, before fetching them', async () => {
    const team = await t.newTeam(3)
    const client = t.clientWith(team.key)
    await client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    const hits = site.hits.get('/product.html')
    // 2 credits left: enough for the search, not for the search plus a scrape.
    const { error, response } = await client.POST('/v2/search', {
      body: { query: 'kettle', scrapeOptions: { formats: ['markdown'] } },
    })
    expect(response.status).toBe(402)
    expect(error?.error).toBe('Payment Required: Insufficient credits')
    expect(site.hits.get('/product.html')).toBe(hits)
    expect(await balance(t.service.db, team.teamId)).toBe(2)
  })
})
