import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('POST /v2/monitor/{monitorId}/run → 429 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    // No worker: queued checks stay queued and count against the team's concurrency.
    t = await startSharedTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses to start more jobs than the team may run at once', async () => {
    const team = await t.newTeam(100)
    await t.service.db.query('UPDATE teams SET max_concurrent_jobs = 1 WHERE id = $1', [team.teamId])
    const client = t.clientWith(team.key)
    const ids: string[] = []
    for (const n of [1, 2]) {
      const { data } = await client.POST('/v2/monitor', { body: yearly([`https://example.com/${n}`]) })
      ids.push(data?.data?.id as string)
    }
    const first = await client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId: ids[0] as string } },
    })
    expect(first.response.status).toBe(200)
    const second = await client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId: ids[1] as string } },
    })
    expect(second.response.status).toBe(429)
    expect(second.error).toEqual({ success: false, error: 'Concurrency limit reached' })
    expect(Number(second.response.headers.get('retry-after'))).toBeGreaterThan(0)

    const status = await client.GET('/v2/team/queue-status')
    expect(status.data).toMatchObject({
      jobsInQueue: 1,
      waitingJobsInQueue: 1,
      activeJobsInQueue: 0,
      maxConcurrency: 1,
    })
    // Other teams are not affected.
    const mine = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/3']) })
    const run = await t.client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId: mine.data?.data?.id as string } },
    })
    expect(run.response.status).toBe(200)
  })
})
