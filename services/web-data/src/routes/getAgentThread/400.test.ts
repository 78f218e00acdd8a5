import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/agent/threads/{threadId} → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses an `includeData` that is not a boolean', async () => {
    expectBadRequest(
      await t.client.GET('/v2/agent/threads/{threadId}', {
        params: { path: { threadId: 'thr_unknown' }, query: { includeData: 'maybe' as never } },
      }),
      'query',
      'includeData',
    )
  })

  it('refuses a thread id with a NUL or longer than 255 characters', async () => {
    for (const threadId of ['a\u0000b', 'x'.repeat(256)]) {
      expectBadRequest(
        await t.client.GET('/v2/agent/threads/{threadId}', { params: { path: { threadId } } }),
        'path',
        'threadId',
      )
    }
  })
})
