import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape/{jobId}/interact → 410', () => {
  const site = useFixtureSite()
  const t = useTestService({ worker: false })

  it('answers Gone once the session of the scrape was stopped', async () => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html') } })
    const jobId = String(scraped.data?.data?.metadata?.scrapeId)
    const stopped = await t.client.DELETE('/v2/scrape/{jobId}/interact', { params: { path: { jobId } } })
    expect(stopped.response.status).toBe(200)
    const { error, response } = await t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId } },
      body: { code: 'return 1' },
    })
    expect(response.status).toBe(410)
    expect(error).toMatchObject({ success: false, error: 'Gone', code: 'SCRAPE_SESSION_ENDED' })
  })
})
