import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'
import { expectPaymentRequiredWithoutBilling } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/scrape/{jobId}/interact → 402 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  it('answers Payment Required: Insufficient credits once the scrape used the last credit', async () => {
    const team = await t.newTeam(1)
    const client = t.clientWith(team.key)
    const scraped = await client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    expect(scraped.response.status).toBe(200)
    const jobId = String(scraped.data?.data?.metadata?.scrapeId)
    const { error, response } = await client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId } },
      body: { code: 'return await page.title()' },
    })
    expect(response.status).toBe(402)
    expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  })

  it('answers Payment Required: Insufficient credits while the team has no billing configured', async () => {
    await expectPaymentRequiredWithoutBilling(t, (client) =>
      client.POST('/v2/scrape/{jobId}/interact', {
        params: { path: { jobId: randomUUID() } },
        body: { code: 'return 1' },
      }),
    )
  })
})
