import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/threads/{threadId} → 200 and 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('returns the runs of a thread, oldest first', async () => {
    const first = await t.client.POST('/v2/agent', {
      body: { prompt: 'one' },
    })
    const threadId = first.data?.threadId as string
    const second = await t.client.POST('/v2/agent', {
      body: { prompt: 'two', threadId },
    })
    const { data } = await t.client.GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId } },
    })
    expect(data?.thread).toMatchObject({
      id: threadId,
      runs: [
        {
          id: first.data?.id,
          threadTurn: 1,
          prompt: 'one',
          status: 'processing',
        },
        {
          id: second.data?.id,
          threadTurn: 2,
          prompt: 'two',
          status: 'processing',
        },
      ],
    })
  })

  it('answers Not Found for an unknown thread', async () => {
    const { error, response } = await t.client.GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId: 'thr_nope' } },
    })
    expect(response.status).toBe(404)
    expect(error).toEqual({ success: false, error: 'Not Found' })
  })
})
