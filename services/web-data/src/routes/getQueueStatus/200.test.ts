import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/team/queue-status → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("counts the team's due jobs (agent runs, monitor checks), not other teams' or future ones", async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const empty = await client.GET('/v2/team/queue-status')
    expect(empty.response.status).toBe(200)
    expect(empty.data).toEqual({
      success: true,
      jobsInQueue: 0,
      activeJobsInQueue: 0,
      waitingJobsInQueue: 0,
      maxConcurrency: 50,
      mostRecentSuccess: null,
    })
    await client.POST('/v2/agent', {
      body: { prompt: 'find the kettle price', urls: ['https://example.com/'] },
    })
    const monitor = await client.POST('/v2/monitor', { body: yearly(['https://example.com/']) })
    await client.POST('/v2/monitor/{monitorId}/run', {
      params: { path: { monitorId: monitor.data?.data?.id as string } },
    })
    await t.client.POST('/v2/agent', { body: { prompt: 'another team' } })
    const { data } = await client.GET('/v2/team/queue-status')
    // The agent run and the manual check are due; the monitor's yearly schedule is not.
    expect(data).toMatchObject({ jobsInQueue: 2, activeJobsInQueue: 0, waitingJobsInQueue: 2 })
  })
})
