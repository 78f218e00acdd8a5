import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('PATCH /v2/monitor/{monitorId} → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('changes the given fields only, pauses and resumes with a new schedule', async () => {
    const created = await t.client.POST('/v2/monitor', {
      body: yearly(['https://example.com/'], { goal: 'keep' }),
    })
    const monitorId = created.data?.data?.id as string

    const renamed = await t.client.PATCH('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
      body: { name: 'renamed' },
    })
    expect(renamed.response.status).toBe(200)
    expect(renamed.data?.data).toMatchObject({
      name: 'renamed',
      goal: 'keep',
      schedule: { cron: '0 0 1 1 *' },
    })
    expect(renamed.data?.data?.targets).toEqual(created.data?.data?.targets)

    const paused = await t.client.PATCH('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
      body: { status: 'paused' },
    })
    expect(paused.data?.data).toMatchObject({ status: 'paused', nextRunAt: null })

    const resumed = await t.client.PATCH('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
      body: { status: 'active', schedule: { cron: '*/5 * * * *' } },
    })
    expect(resumed.data?.data?.status).toBe('active')
    expect(new Date(resumed.data?.data?.nextRunAt as string).getTime() - Date.now()).toBeLessThanOrEqual(
      300_000,
    )
    // Each reschedule records a job of the new version; older ones end by themselves.
    const jobs = await t.service.db.query<{ version: number }>(
      `SELECT (payload->>'version')::int AS version FROM jobs WHERE queue = 'monitor-schedule' AND payload->>'monitorId' = $1 ORDER BY created_at`,
      [monitorId],
    )
    expect(jobs.map((j) => j.version)).toEqual([1, 3])
  })
})
