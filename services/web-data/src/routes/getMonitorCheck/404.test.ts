import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { UNKNOWN_ID, yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId}/checks/{checkId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Not Found for an unknown check, or a check of another monitor', async () => {
    const a = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/a']) })
    const b = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/b']) })
    const monitorA = a.data?.data?.id as string
    const run = await t.client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId: monitorA } },
    })
    for (const [monitorId, checkId] of [
      [monitorA, UNKNOWN_ID],
      [b.data?.data?.id as string, run.data?.id as string],
      [UNKNOWN_ID, run.data?.id as string],
    ]) {
      const { error, response } = await t.client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
        params: { path: { monitorId: monitorId as string, checkId: checkId as string } },
      })
      expect(response.status).toBe(404)
      expect(error).toEqual({ success: false, error: 'Not Found' })
    }
  })
})
