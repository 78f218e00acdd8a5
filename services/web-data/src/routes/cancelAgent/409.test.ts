import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finished, startRun } from '../../testing/agent.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('DELETE /v2/agent/{jobId} → 409 (%s)', (kind) => {
  let t: TestService
  let idle: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startSharedTestService({ kind })
    // No worker: a cancelled run stays cancelling.
    idle = await startSharedTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await idle?.stop()
    await site?.close()
  })

  it('answers Agent already finished for a finished run', async () => {
    const id = await startRun(t.client, {
      prompt: 'x',
      urls: [site.at('/legal.html')],
    })
    expect((await finished(t.client, id)).status).toBe('completed')
    const { error, response } = await t.client.DELETE('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    expect(response.status).toBe(409)
    expect(error).toEqual({
      success: false,
      error: 'Agent already finished',
    })
  })

  it('answers Agent is already cancelled for a run that is cancelling', async () => {
    const id = await startRun(idle.client, {
      prompt: 'x',
      urls: [site.at('/legal.html')],
    })
    const first = await idle.client.DELETE('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    expect(first.response.status).toBe(200)
    const status = await idle.client.GET('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    expect(status.data?.status).toBe('processing')
    const { error, response } = await idle.client.DELETE('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    expect(response.status).toBe(409)
    expect(error).toEqual({
      success: false,
      error: 'Agent is already cancelled',
    })
  })
})
