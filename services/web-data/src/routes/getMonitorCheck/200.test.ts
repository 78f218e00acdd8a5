import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MutableSite, page, startMutableSite, yearly } from '../../monitor/testing.js'
import { eventually, type TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId}/checks/{checkId} → 200 (%s)', (kind) => {
  let t: TestService
  let site: MutableSite
  beforeAll(async () => {
    site = await startMutableSite({
      '/1.html': page('One', '<p>1</p>'),
      '/2.html': page('Two', '<p>2</p>'),
      '/3.html': page('Three', '<p>3</p>'),
    })
    t = await startSharedTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('pages through the pages of a check with skip, limit, next and a status filter', async () => {
    const urls = ['/1.html', '/2.html', '/3.html', '/missing.html'].map((p) => site.at(p))
    const created = await t.client.POST('/v2/monitor', { body: yearly(urls) })
    const monitorId = created.data?.data?.id as string
    const run = await t.client.POST('/v2/monitor/{monitorId}/run', { params: { path: { monitorId } } })
    const checkId = run.data?.id as string
    const check = await eventually(async () => {
      const { data } = await t.client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
        params: { path: { monitorId, checkId } },
      })
      return data?.data?.status === 'partial' ? data : undefined
    })
    expect(check.data?.summary).toEqual({ totalPages: 4, same: 0, changed: 0, new: 3, removed: 0, error: 1 })
    expect(check.data?.notificationStatus).toBeDefined()

    const first = await t.client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
      params: { path: { monitorId, checkId }, query: { limit: 2 } },
    })
    expect(first.response.status).toBe(200)
    expect(first.data?.data?.pages?.map((p) => p.url)).toEqual(urls.slice(0, 2))
    expect(first.data?.next).toBe(`${t.url}/v2/monitor/${monitorId}/checks/${checkId}?skip=2&limit=2`)
    expect(first.data?.data?.next).toBe(first.data?.next)
    const second = await t.client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
      params: { path: { monitorId, checkId }, query: { limit: 2, skip: 2 } },
    })
    expect(second.data?.data?.pages?.map((p) => p.url)).toEqual(urls.slice(2))
    expect(second.data?.next).toBeNull()

    const errors = await t.client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
      params: { path: { monitorId, checkId }, query: { status: 'error' } },
    })
    expect(errors.data?.data?.pages).toEqual([
      expect.objectContaining({
        url: site.at('/missing.html'),
        status: 'error',
        statusCode: 404,
        error: 'The page answered HTTP 404.',
        currentScrapeId: null,
        previousScrapeId: null,
      }),
    ])
  })
})
