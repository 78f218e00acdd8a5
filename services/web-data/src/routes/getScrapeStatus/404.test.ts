import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/scrape/{jobId} → 404 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  it('answers Not Found for an unknown id', async () => {
    const { error, response } = await t.client.GET('/v2/scrape/{jobId}', {
      params: { path: { jobId: '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10' } },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found', code: 'SCRAPE_JOB_NOT_FOUND' })
  })

  it("answers Not Found for another team's scrape", async () => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    const other = await t.newTeam(10)
    const { response } = await t.clientWith(other.key).GET('/v2/scrape/{jobId}', {
      params: { path: { jobId: String(scraped.data?.data?.metadata?.scrapeId) } },
    })
    expect(response.status).toBe(404)
  })

  it('answers Not Found for a zero-data-retention scrape, whose result was not kept', async () => {
    const scraped = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html'), zeroDataRetention: true },
    })
    const { error, response } = await t.client.GET('/v2/scrape/{jobId}', {
      params: { path: { jobId: String(scraped.data?.data?.metadata?.scrapeId) } },
    })
    expect(response.status).toBe(404)
    expect(error?.code).toBe('SCRAPE_RESULT_NOT_RETAINED')
  })
})
