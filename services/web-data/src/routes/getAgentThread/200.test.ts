import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finished, startRun, trace } from '../../testing/agent.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import { eventually, type TestService } from '../../testing/harness.js'
import { useTestService } from '../../testing/lifecycle.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('GET /v2/agent/threads/{threadId} → 200 and 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('returns the runs of a thread, oldest first', async () => {
    const first = await t.client.POST('/v2/agent', {
      body: { prompt: 'one' },
    })
    const threadId = first.data?.threadId as string
    const second = await t.client.POST('/v2/agent', {
      body: { prompt: 'two', threadId, effort: 'low', urls: ['https://example.com/'] },
    })
    const { data } = await t.client.GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId } },
    })
    expect(data?.thread).toMatchObject({
      id: threadId,
      status: 'running',
      runs: [
        {
          id: first.data?.id,
          turn: 1,
          mode: 'extract',
          prompt: 'one',
          status: 'processing',
          finishedAt: null,
        },
        {
          id: second.data?.id,
          turn: 2,
          prompt: 'two',
          effort: 'low',
          urls: ['https://example.com/'],
          status: 'processing',
          message: null,
        },
      ],
    })
    expect(data?.thread.createdAt).toBe(data?.thread.runs[0]?.createdAt)
  })

  it('answers Not Found for an unknown thread', async () => {
    const { error, response } = await t.client.GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId: 'thr_nope' } },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found' })
  })
})

describe.each(testDatabaseKinds())('GET /v2/agent/threads/{threadId}: finished runs (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  beforeAll(async () => {
    site = await startFixtureSite()
    // Steps slow enough to cancel the second run mid-flight.
    t = await startSharedTestService({ kind, agentStepMs: 500 })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it("reports each run's outcome, finish time and credits, as the real API's SDKs read them", async () => {
    const team = await t.newTeam(500)
    const client = t.clientWith(team.key)
    const urls = [site.at('/product.html')]
    const schema = { type: 'object', properties: { name: { type: 'string' } } }
    const first = await startRun(client, { prompt: 'kettle name', urls, schema })
    const done = await finished(client, first)
    expect(done.status).toBe('completed')
    const threadId = done.threadId as string

    const second = await startRun(client, { prompt: 'and its price', urls, threadId })
    await eventually(async () =>
      (await trace(client, second)).events.some((e) => e.type === 'tool_call.started') ? true : undefined,
    )
    await client.DELETE('/v2/agent/{jobId}', { params: { path: { jobId: second } } })
    // The run's own status says only `failed`; the thread says how it ended.
    expect((await finished(client, second)).status).toBe('failed')

    const { data } = await client.GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId }, query: { includeData: true } },
    })
    const thread = data?.thread
    expect(thread?.status).toBe('idle')
    const [one, two] = thread?.runs ?? []
    expect(one).toMatchObject({ id: first, turn: 1, status: 'succeeded', schema, message: null })
    expect(one?.data).toBeTypeOf('object')
    expect(one?.creditsUsed).toBe(done.creditsUsed)
    expect(Date.parse(one?.finishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(one?.createdAt ?? ''))
    expect(two).toMatchObject({ id: second, turn: 2, status: 'cancelled', creditsUsed: 0 })
    expect(two).not.toHaveProperty('data')
    expect(Date.parse(thread?.updatedAt ?? '')).toBe(Date.parse(two?.finishedAt ?? ''))
  })
})
