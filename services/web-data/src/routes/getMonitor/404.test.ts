import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { UNKNOWN_ID, yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("answers Not Found for an unknown, deleted or other team's monitor", async () => {
    const mine = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/']) })
    const deleted = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/']) })
    const deletedId = deleted.data?.data?.id as string
    await t.client.DELETE('/v2/monitor/{monitorId}', { params: { path: { monitorId: deletedId } } })
    const other = await t.newTeam(10)
    for (const [client, monitorId] of [
      [t.client, UNKNOWN_ID],
      [t.client, deletedId],
      [t.clientWith(other.key), mine.data?.data?.id as string],
    ] as const) {
      const { error, response } = await client.GET('/v2/monitor/{monitorId}', {
        params: { path: { monitorId } },
      })
      expect(response.status).toBe(404)
      expect(error).toEqual({ success: false, error: 'Not Found' })
    }
  })
})
