import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('DELETE /v2/monitor/{monitorId} → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

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
