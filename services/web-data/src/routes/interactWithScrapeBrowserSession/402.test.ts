import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectPaymentRequiredWithoutBilling } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/scrape/{jobId}/interact → 402 (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

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
