import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { expectWellFormed, finished, productSchema, startRun, trace } from '../../testing/agent.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId} → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, agentStepMs: 150 })

  it('reports processing while the run works, then completed with data', async () => {
    const id = await startRun(t.client, {
      prompt: 'kettle',
      urls: [site.at('/product.html')],
      schema: productSchema,
    })
    const { data } = await t.client.GET('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    expect(data).toMatchObject({
      success: true,
      status: 'processing',
      model: 'spark-1-pro',
    })
    expect(data?.data).toBeUndefined()
    const done = await finished(t.client, id)
    expect(done).toMatchObject({
      status: 'completed',
      data: { name: 'Acme Kettle' },
    })
  })

  it('reports spark-2 for a run that gives an effort and no model, as the real API does', async () => {
    const id = await startRun(t.client, { prompt: 'kettle', urls: [site.at('/product.html')], effort: 'low' })
    const { data } = await t.client.GET('/v2/agent/{jobId}', { params: { path: { jobId: id } } })
    expect(data).toMatchObject({ model: 'spark-2', effort: 'low' })
    // A model asked for is kept.
    const pro = await startRun(t.client, {
      prompt: 'kettle',
      urls: [site.at('/product.html')],
      effort: 'high',
      model: 'spark-1-pro',
    })
    const asked = await t.client.GET('/v2/agent/{jobId}', { params: { path: { jobId: pro } } })
    expect(asked.data).toMatchObject({ model: 'spark-1-pro', effort: 'high' })
  })

  it('ends a run at maxCredits as failed, unbilled, with credit_limit_reached in the trace', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    // Each tool call costs 5: the second page would take the run to 10 > 7.
    const id = await startRun(client, {
      prompt: 'kettle',
      urls: [site.at('/product.html'), site.at('/specs.html')],
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          weight: { type: 'string' },
          colourCode: { type: 'string' },
        },
      },
      maxCredits: 7,
    })
    const status = await finished(client, id)
    expect(status.status).toBe('failed')
    expect(status.error).toBe('The run reached its maxCredits limit of 7 credits before finishing.')
    expect(status.data).toBeUndefined()
    expect(status.creditsUsed).toBe(0)
    // Failed runs are not billed: what the run spent went back.
    expect(await balance(t.service.db, team.teamId)).toBe(100)

    const { events, creditsUsed } = await trace(client, id)
    expectWellFormed(events)
    expect(creditsUsed).toBe(5)
    expect(events.filter((e) => e.type === 'tool_call.started')).toHaveLength(1)
    expect(events.at(-1)).toMatchObject({
      type: 'run.finished',
      outcome: 'credit_limit_reached',
      error: {
        code: 'credit_limit_reached',
        retryable: false,
        source: 'billing',
        message: status.error,
      },
    })
  })

  it('stops before the first tool call when maxCredits cannot pay for one', async () => {
    const id = await startRun(t.client, {
      prompt: 'kettle',
      urls: [site.at('/product.html')],
      maxCredits: 0,
    })
    const status = await finished(t.client, id)
    expect(status).toMatchObject({ status: 'failed', creditsUsed: 0 })
    const { events } = await trace(t.client, id)
    expect(events.some((e) => e.type === 'tool_call.started')).toBe(false)
    expect(events.at(-1)).toMatchObject({
      type: 'run.finished',
      outcome: 'credit_limit_reached',
    })
  })
})
