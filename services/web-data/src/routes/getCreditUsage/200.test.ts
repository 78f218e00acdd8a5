import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/credit-usage → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  it('reports the balance from the ledger, the granted credits and the billing month', async () => {
    const team = await t.newTeam(50)
    const client = t.clientWith(team.key)
    await client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    const { data, response } = await client.GET('/v2/team/credit-usage')
    expect(response.status).toBe(200)
    const now = new Date()
    expect(data).toEqual({
      success: true,
      data: {
        remainingCredits: 49,
        planCredits: 50,
        billingPeriodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        billingPeriodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
    })
  })
})
