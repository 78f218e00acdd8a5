import { sha256, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { generateKey } from '../../billing/keys.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/credit-usage/historical → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  it('sums the credits spent per month, in total and per API key', async () => {
    const team = await t.newTeam(100)
    // A second key of the same team.
    const second = generateKey()
    await t.service.db.query(
      "INSERT INTO api_keys (id, team_id, key_hash, label) VALUES ('key_second', $1, $2, 'second')",
      [team.teamId, sha256(second)],
    )
    // Last year's usage, straight in the ledger.
    await t.service.db.query(
      `INSERT INTO credit_ledger (team_id, delta, reason, key_id, created_at) VALUES ($1, -7, 'scrape', $2, '2025-03-10T12:00:00Z')`,
      [team.teamId, team.keyId],
    )
    await t.clientWith(team.key).POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    await t.clientWith(second).POST('/v2/scrape', { body: { url: site.at('/specs.html') } })
    await t.clientWith(second).POST('/v2/search', { body: { query: 'kettle' } })

    const now = new Date()
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString()
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString()
    const total = await t.clientWith(team.key).GET('/v2/team/credit-usage/historical')
    expect(total.response.status).toBe(200)
    expect(total.data).toEqual({
      success: true,
      periods: [
        { startDate: month, endDate: nextMonth, apiKey: null, totalCredits: 4, creditsUsed: 4 },
        {
          startDate: '2025-03-01T00:00:00.000Z',
          endDate: '2025-04-01T00:00:00.000Z',
          apiKey: null,
          totalCredits: 7,
          creditsUsed: 7,
        },
      ],
    })
    const byKey = await t
      .clientWith(team.key)
      .GET('/v2/team/credit-usage/historical', { params: { query: { byApiKey: true } } })
    // Within a month, keys come in key-id order; the team's key id is random, so either is first.
    const thisMonth = [
      { startDate: month, endDate: nextMonth, apiKey: team.keyId, totalCredits: 1, creditsUsed: 1 },
      { startDate: month, endDate: nextMonth, apiKey: 'key_second', totalCredits: 3, creditsUsed: 3 },
    ].sort((a, b) => (a.apiKey < b.apiKey ? -1 : 1))
    expect(byKey.data?.periods).toEqual([
      ...thisMonth,
      {
        startDate: '2025-03-01T00:00:00.000Z',
        endDate: '2025-04-01T00:00:00.000Z',
        apiKey: team.keyId,
        totalCredits: 7,
        creditsUsed: 7,
      },
    ])
  })
})
