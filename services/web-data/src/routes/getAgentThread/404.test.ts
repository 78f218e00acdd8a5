import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { UNREACHABLE } from '../../testing/requests.js'

describe.each(testDatabaseKinds())('GET /v2/agent/threads/{threadId} → 404 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("answers Not Found for an unknown thread and for another team's thread", async () => {
    const unknown = await t.client.GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId: 'thr_unknown' } },
    })
    expect(unknown.response.status).toBe(404)
    expect(unknown.error).toEqual({ success: false, error: 'Not Found' })

    const started = await t.client.POST('/v2/agent', { body: { prompt: 'the title', urls: [UNREACHABLE] } })
    const threadId = started.data?.threadId as string
    const own = await t.client.GET('/v2/agent/threads/{threadId}', { params: { path: { threadId } } })
    expect(own.response.status).toBe(200)
    const other = await t.newTeam(10)
    const foreign = await t.clientWith(other.key).GET('/v2/agent/threads/{threadId}', {
      params: { path: { threadId } },
    })
    expect(foreign.response.status).toBe(404)
    expect(foreign.error).toEqual({ success: false, error: 'Not Found' })
  })
})
