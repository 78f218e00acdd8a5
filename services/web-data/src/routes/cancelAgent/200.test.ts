import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { expectWellFormed, finished, startRun, trace } from '../../testing/agent.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { eventually, type TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('DELETE /v2/agent/{jobId} → 200 (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    // Slow steps, so the test catches the run mid-flight.
    t = await startSharedTestService({ kind, agentStepMs: 2000 })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('cancels a running run: cancelling, then failed with a cancellation message and trace code cancelled', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const id = await startRun(client, {
      prompt: 'kettle',
      urls: [site.at('/product.html'), site.at('/specs.html'), site.at('/reviews.html')],
      schema: { type: 'object', properties: { nothing: { type: 'string' } } },
    })
    // Wait for the first tool call, then cancel.
    await eventually(async () =>
      (await trace(client, id)).events.some((e) => e.type === 'tool_call.finished') ? true : undefined,
    )
    const { data, response } = await client.DELETE('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    expect(response.status).toBe(200)
    expect(data).toEqual({ success: true })

    const status = await finished(client, id, 10_000)
    expect(status.status).toBe('failed')
    expect(status.error).toMatch(/cancelled/)
    expect(status.creditsUsed).toBe(0)
    expect(await balance(t.service.db, team.teamId)).toBe(100)

    const { events } = await trace(client, id)
    expectWellFormed(events)
    expect(events.some((e) => e.type === 'run.cancel_requested' && e.reason === 'user')).toBe(true)
    expect(events.filter((e) => e.type === 'tool_call.started').length).toBeLessThan(3)
    expect(events.at(-1)).toMatchObject({
      type: 'run.finished',
      outcome: 'cancelled',
      error: { code: 'cancelled', retryable: false },
    })
  })
})
