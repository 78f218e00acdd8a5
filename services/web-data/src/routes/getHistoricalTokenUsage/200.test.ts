import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/token-usage/historical → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('sums the tokens spent per month', async () => {
    const team = await t.newTeam(10)
    await t.service.db.query(
      `INSERT INTO credit_ledger (team_id, delta, reason, tokens, key_id, created_at) VALUES
         ($1, 0, 'extract', 250, $2, '2026-01-05T00:00:00Z'), ($1, 0, 'extract', 50, $2, '2026-01-20T00:00:00Z')`,
      [team.teamId, team.keyId],
    )
    const { data, response } = await t.clientWith(team.key).GET('/v2/team/token-usage/historical')
    expect(response.status).toBe(200)
    expect(data).toEqual({
      success: true,
      periods: [
        {
          startDate: '2026-01-01T00:00:00.000Z',
          endDate: '2026-02-01T00:00:00.000Z',
          apiKey: null,
          totalTokens: 300,
          tokensUsed: 300,
        },
      ],
    })
    const byKey = await t
      .clientWith(team.key)
      .GET('/v2/team/token-usage/historical', { params: { query: { byApiKey: true } } })
    expect(byKey.data?.periods?.[0]?.apiKey).toBe(team.keyId)
  })
})
