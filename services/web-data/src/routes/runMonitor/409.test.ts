import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { yearly } from '../../monitor/testing.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('POST /v2/monitor/{monitorId}/run → 409 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    // No worker: the first check stays queued.
    t = await startSharedTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a run while a check is queued or running', async () => {
    const created = await t.client.POST('/v2/monitor', { body: yearly(['https://example.com/']) })
    const monitorId = created.data?.data?.id as string
    const first = await t.client.POST('/v2/monitor/{monitorId}/run', { params: { path: { monitorId } } })
    expect(first.response.status).toBe(200)
    const second = await t.client.POST('/v2/monitor/{monitorId}/run', { params: { path: { monitorId } } })
    expect(second.response.status).toBe(409)
    expect(second.error).toEqual({ success: false, error: 'Conflict', code: 'MONITOR_CHECK_IN_PROGRESS' })
    const monitor = await t.client.GET('/v2/monitor/{monitorId}', { params: { path: { monitorId } } })
    expect(monitor.data?.data?.currentCheckId).toBe(first.data?.id)
    const checks = await t.client.GET('/v2/monitor/{monitorId}/checks', { params: { path: { monitorId } } })
    expect(checks.data?.data?.map((c) => c.status)).toEqual(['queued'])
  })
})
