import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { expectWellFormed, finished, productSchema, startRun, trace } from '../../testing/agent.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/trace → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('returns the events in order, each with the common fields', async () => {
    const id = await startRun(t.client, {
      prompt: 'kettle',
      urls: [site.at('/product.html')],
      schema: productSchema,
    })
    await finished(t.client, id)
    const body = await trace(t.client, id)
    expect(body).toMatchObject({
      success: true,
      id,
      activeBrowserSessions: [],
    })
    expectWellFormed(body.events)
    for (const event of body.events) {
      expect(event).toMatchObject({
        schemaVersion: 1,
        runId: id,
        eventId: expect.any(String),
        occurredAt: expect.any(String),
      })
    }
    const artifact = body.events.find((e) => e.type === 'artifact.updated')
    expect(artifact?.artifact).toMatchObject({
      kind: 'json',
      artifactId: 'art_result',
      change: 'init',
      sourceToolCallId: 'call_1',
    })
  })

  it('records an error.occurred event when a page cannot be fetched, and goes on', async () => {
    const id = await startRun(t.client, {
      prompt: 'x',
      urls: [site.at('/slow?ms=60000').replace(/:\d+/, ':1'), site.at('/legal.html')],
    })
    const status = await finished(t.client, id)
    expect(status.status).toBe('completed')
    const { events } = await trace(t.client, id)
    expectWellFormed(events)
    expect(events.find((e) => e.type === 'error.occurred')).toMatchObject({
      error: { code: 'internal', source: 'tool', retryable: true },
    })
  })
})
