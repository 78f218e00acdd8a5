import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('DELETE /v2/monitor/{monitorId} → 200 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('deletes the monitor and stops its schedule', async () => {
    const created = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/']) })
    const monitorId = created.data?.data?.id as string
    const { data, response } = await t.client.DELETE('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
    })
    expect(response.status).toBe(200)
    expect(data).toEqual({ success: true })
    const rows = await t.service.db.query<{ status: string; next_run_at: Date | null }>(
      'SELECT status, next_run_at FROM monitors WHERE id = $1',
      [monitorId],
    )
    expect(rows).toEqual([{ status: 'deleted', next_run_at: null }])
  })
})
