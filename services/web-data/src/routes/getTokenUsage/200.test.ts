import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/token-usage → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("reports the plan's tokens and what is left this month", async () => {
    const team = await t.newTeam(10)
    await t.service.db.query('UPDATE teams SET plan_tokens = 1000 WHERE id = $1', [team.teamId])
    await t.service.db.query(
      `INSERT INTO credit_ledger (team_id, delta, reason, tokens) VALUES ($1, 0, 'extract', 250)`,
      [team.teamId],
    )
    await t.service.db.query(
      `INSERT INTO credit_ledger (team_id, delta, reason, tokens, created_at) VALUES ($1, 0, 'extract', 400, now() - interval '40 days')`,
      [team.teamId],
    )
    const { data, response } = await t.clientWith(team.key).GET('/v2/team/token-usage')
    expect(response.status).toBe(200)
    expect(data?.data).toMatchObject({ planTokens: 1000, remainingTokens: 750 })
    expect(data?.data?.billingPeriodStart).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/)
  })
})
