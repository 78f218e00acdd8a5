import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('GET /v2/scrape/{jobId} → 400', () => {
  const t = useTestService({ worker: false })

  it('rejects a job id that is not a UUID', async () => {
    const { error, response } = await t.client.GET('/v2/scrape/{jobId}', {
      params: { path: { jobId: 'nope' } },
    })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
  })
})
