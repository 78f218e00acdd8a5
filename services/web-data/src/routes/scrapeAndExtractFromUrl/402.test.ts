import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/scrape → 402 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('refuses a team without credits and fetches nothing', async () => {
    const team = await t.newTeam(0)
    const hits = site.hits.get('/product.html') ?? 0
    const { error, response } = await t
      .clientWith(team.key)
      .POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    expect(response.status).toBe(402)
    expect(error).toEqual({
      success: false,
      error: 'Payment Required: Insufficient credits',
    })
    expect(site.hits.get('/product.html') ?? 0).toBe(hits)
  })

  it('refuses a request that costs more than the balance, and charges nothing', async () => {
    const team = await t.newTeam(3)
    const { error, response } = await t.clientWith(team.key).POST('/v2/scrape', {
      body: {
        url: site.at('/product.html'),
        formats: [{ type: 'json', schema: { type: 'object' } }] as never,
      },
    })
    expect(response.status).toBe(402)
    expect(error?.error).toBe('Payment Required: Insufficient credits')
    expect(await balance(t.service.db, team.teamId)).toBe(3)
  })

  it('serves until the credits run out', async () => {
    const team = await t.newTeam(2)
    const client = t.clientWith(team.key)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await client.POST('/v2/scrape', {
            body: { url: site.at('/legal.html') },
          })
        ).response.status,
      )
    }
    expect(statuses).toEqual([200, 200, 402])
    expect(await balance(t.service.db, team.teamId)).toBe(0)
  })
})
