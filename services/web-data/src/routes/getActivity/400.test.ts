import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/activity → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses an unknown endpoint, a bad limit and a forged cursor', async () => {
    for (const query of [{ endpoint: 'telepathy' }, { limit: 0 }, { cursor: 'not-a-cursor' }]) {
      const { error, response } = await t.client.GET('/v2/team/activity', {
        params: { query: query as never },
      })
      expect(response.status).toBe(400)
      expect(error).toMatchObject({
        success: false,
        error: 'Bad Request',
        details: [expect.objectContaining({ in: 'query' })],
      })
    }
  })
})
