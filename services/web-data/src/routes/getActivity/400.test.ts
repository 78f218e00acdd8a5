import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('GET /v2/team/activity → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

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
