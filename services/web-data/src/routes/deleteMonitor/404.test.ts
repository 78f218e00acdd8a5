import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { UNKNOWN_ID, yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/monitor/{monitorId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Not Found for an unknown or already deleted monitor', async () => {
    const unknown = await t.client.DELETE('/v2/monitor/{monitorId}', {
      params: { path: { monitorId: UNKNOWN_ID } },
    })
    expect(unknown.response.status).toBe(404)
    expect(unknown.error).toEqual({ success: false, error: 'Not Found' })
    const created = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/']) })
    const monitorId = created.data?.data?.id as string
    expect(
      (await t.client.DELETE('/v2/monitor/{monitorId}', { params: { path: { monitorId } } })).response.status,
    ).toBe(200)
    const again = await t.client.DELETE('/v2/monitor/{monitorId}', { params: { path: { monitorId } } })
    expect(again.response.status).toBe(404)
  })
})
