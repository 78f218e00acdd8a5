import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { expectWellFormed, finished, productSchema, startRun, trace } from '../../testing/agent.js'
import { startTestService } from '../../testing/harness.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('records the run and its job before answering', async () => {
    const stopped = await startTestService({ kind, worker: false })
    try {
      const id = await startRun(stopped.client, {
        prompt: 'Find the kettle price',
        urls: [site.at('/product.html')],
      })
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      const runs = await stopped.service.db.query<{
        status: string
        job_id: string
      }>('SELECT status, job_id FROM agent_runs WHERE id = $1', [id])
      expect(runs).toEqual([{ status: 'processing', job_id: expect.any(String) }])
      const jobs = await stopped.service.db.query('SELECT status FROM jobs WHERE id = $1', [runs[0]?.job_id])
      expect(jobs).toEqual([{ status: 'pending' }])
    } finally {
      await stopped.stop()
    }
  })

  it('fills the schema from the given page and the pages it links to', async () => {
    const principal = await t.newTeam(1000)
    const client = t.clientWith(principal.key)
    const id = await startRun(client, {
      prompt: 'What does the Acme Kettle cost, how much does it hold and what is its power?',
      urls: [site.at('/product.html')],
      schema: productSchema,
    })
    const status = await finished(client, id)
    expect(status).toMatchObject({
      success: true,
      status: 'completed',
      data: {
        name: 'Acme Kettle',
        price: 49.9,
        capacity: '1.7 litres',
        power: '2200 W',
      },
      model: 'spark-1-pro',
      creditsUsed: 10,
    })
    expect(Date.parse(status.expiresAt ?? '')).toBeGreaterThan(Date.now())
    expect(await balance(t.service.db, principal.teamId)).toBe(990)

    const { events, creditsUsed } = await trace(client, id)
    expectWellFormed(events)
    expect(creditsUsed).toBe(10)
    const kinds = events.map((e) => e.type)
    expect(kinds).toEqual(
      expect.arrayContaining([
        'run.started',
        'agent.started',
        'progress.reported',
        'tool_call.started',
        'tool_call.finished',
        'artifact.updated',
        'agent.finished',
        'run.finished',
      ]),
    )
    const calls = events.filter((e) => e.type === 'tool_call.started')
    expect(calls.map((e) => (e.parameters as { url: string }).url)).toEqual([
      site.at('/product.html'),
      site.at('/specs.html'),
    ])
    expect(events.at(-1)).toMatchObject({
      type: 'run.finished',
      outcome: 'succeeded',
      error: null,
    })
  })

  it('works without a schema and lists its sources', async () => {
    const id = await startRun(t.client, {
      prompt: `Summarise ${site.at('/article.html')}`,
    })
    const status = await finished(t.client, id)
    expect(status.status).toBe('completed')
    expect(status.data).toEqual({
      sources: [
        {
          url: site.at('/article.html'),
          title: 'How kettles work',
          description: 'A short explainer.',
        },
      ],
    })
  })

  it('stays on the given pages with strictConstrainToURLs', async () => {
    const id = await startRun(t.client, {
      prompt: 'Kettle power',
      urls: [site.at('/product.html')],
      schema: productSchema,
      strictConstrainToURLs: true,
    })
    const status = await finished(t.client, id)
    expect(status.data).toEqual({
      name: 'Acme Kettle',
      price: 49.9,
      capacity: '1.7 litres',
    })
    const { events } = await trace(t.client, id)
    expect(events.filter((e) => e.type === 'tool_call.started')).toHaveLength(1)
  })

  it('searches the pages it fetched before when no URL is given', async () => {
    await t.client.POST('/v2/scrape', {
      body: { url: site.at('/releases.html') },
    })
    const id = await startRun(t.client, {
      prompt: 'List the releases with their version and date',
      schema: {
        type: 'object',
        properties: {
          releases: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                version: { type: 'string' },
                date: { type: 'string' },
              },
            },
          },
        },
      },
    })
    const status = await finished(t.client, id)
    expect(status.data).toEqual({
      releases: [
        { version: 'v3.2.0', date: '2024-10-29' },
        { version: 'v3.1.0', date: '2024-06-11' },
      ],
    })
    const { events } = await trace(t.client, id)
    expect(events.find((e) => e.type === 'tool_call.started')).toMatchObject({
      toolName: 'search',
    })
  })

  it('continues a thread', async () => {
    const first = await t.client.POST('/v2/agent', {
      body: { prompt: 'first', urls: [site.at('/legal.html')] },
    })
    const second = await t.client.POST('/v2/agent', {
      body: {
        prompt: 'second',
        urls: [site.at('/legal.html')],
        threadId: first.data?.threadId,
      },
    })
    expect(first.data?.threadTurn).toBe(1)
    expect(second.data).toMatchObject({
      threadId: first.data?.threadId,
      threadTurn: 2,
    })
  })
})
