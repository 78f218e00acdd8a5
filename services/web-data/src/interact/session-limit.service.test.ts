import { testDatabaseKinds } from '@apiplatform/server-kit'
import { expect, it } from 'vitest'
import { describeBrowser } from '../testing/browser.js'
import { useTestService } from '../testing/lifecycle.js'

for (const kind of testDatabaseKinds()) {
  describeBrowser(`POST /v2/interact, 20 at once against a limit of 5 sessions (${kind})`, () => {
    const t = useTestService({ kind, worker: false, maxBrowserSessionsPerTeam: 5 })

    it('opens exactly 5 sessions and answers the others 429 Concurrency limit reached', async () => {
      const team = await t.newTeam(100)
      const client = t.clientWith(team.key)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => client.POST('/v2/interact', { body: { ttl: 120 } })),
      )
      const opened = answers.filter((a) => a.response.status === 200)
      const refused = answers.filter((a) => a.response.status === 429)
      expect(opened).toHaveLength(5)
      expect(refused).toHaveLength(15)
      for (const { error } of refused) {
        expect(error).toEqual({
          success: false,
          error: 'Concurrency limit reached',
          code: 'CONCURRENCY_LIMIT',
          details: { limit: 5 },
        })
      }
      const listed = await client.GET('/v2/interact', { params: { query: { status: 'active' } } })
      expect(listed.data?.sessions).toHaveLength(5)
      for (const { data } of opened) {
        await client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId: String(data?.id) } } })
      }
      // Closed sessions free their slots.
      const again = await client.POST('/v2/interact', { body: { ttl: 120 } })
      expect(again.response.status).toBe(200)
      await client.DELETE('/v2/interact/{sessionId}', {
        params: { path: { sessionId: String(again.data?.id) } },
      })
    }, 120_000)
  })
}
