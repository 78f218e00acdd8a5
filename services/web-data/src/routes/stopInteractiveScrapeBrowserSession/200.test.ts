import { describe, expect, it } from 'vitest'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe('DELETE /v2/scrape/{jobId}/interact → 200', () => {
  const site = useFixtureSite()
  const t = useTestService({ worker: false })

  it('stops the session of a scrape, and again without error', async () => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html') } })
    const jobId = String(scraped.data?.data?.metadata?.scrapeId)
    for (let i = 0; i < 2; i++) {
      const { data, response } = await t.client.DELETE('/v2/scrape/{jobId}/interact', {
        params: { path: { jobId } },
      })
      expect(response.status).toBe(200)
      expect(data).toEqual({ success: true })
    }
    const rows = await t.service.db.query<{ session_state: string }>(
      'SELECT session_state FROM scrape_jobs WHERE id = $1',
      [jobId],
    )
    expect(rows[0]?.session_state).toBe('stopped')
  })
})
