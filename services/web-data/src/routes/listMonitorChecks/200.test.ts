import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MutableSite, page, startMutableSite } from '../../monitor/testing.js'
import { eventually, type TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId}/checks → 200 (%s)', (kind) => {
  let t: TestService
  let site: MutableSite
  beforeAll(async () => {
    site = await startMutableSite({ '/p.html': page('Page', '<p>v1</p>') })
    t = await startSharedTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('lists the checks the schedule ran as durable jobs, newest first, filtered by status', async () => {
    // Six-field cron: every second, so the schedule fires within the test.
    const created = await t.client.POST('/v2/monitor', {
      body: {
        name: 'often',
        schedule: { cron: '* * * * * *' },
        targets: [{ type: 'scrape', urls: [site.at('/p.html')] }],
      } as never,
    })
    const monitorId = created.data?.data?.id as string
    const checks = await eventually(async () => {
      const { data } = await t.client.GET('/v2/monitor/{monitorId}/checks', {
        params: { path: { monitorId } },
      })
      const done = data?.data?.filter((c) => c.status === 'completed') ?? []
      return done.length >= 2 ? data?.data : undefined
    })
    // Stop the schedule before looking closer.
    await t.client.PATCH('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
      body: { status: 'paused' },
    })
    expect(checks?.every((c) => c.trigger === 'scheduled' && c.monitorId === monitorId)).toBe(true)
    const completed = checks?.filter((c) => c.status === 'completed') ?? []
    // The first check saw the page new, the later ones unchanged.
    expect(completed[completed.length - 1]?.summary).toMatchObject({ new: 1 })
    expect(completed[0]?.summary).toMatchObject({ same: 1 })
    const times = checks?.map((c) => new Date(c.createdAt as string).getTime()) ?? []
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(checks?.[0]?.scheduledFor).toEqual(expect.any(String))

    const filtered = await t.client.GET('/v2/monitor/{monitorId}/checks', {
      params: { path: { monitorId }, query: { status: 'completed', limit: 1 } },
    })
    expect(filtered.response.status).toBe(200)
    expect(filtered.data?.data).toHaveLength(1)
    expect(filtered.data?.data?.[0]?.status).toBe('completed')
  })
})
