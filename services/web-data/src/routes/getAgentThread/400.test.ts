import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/agent/threads/{threadId} → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses an `includeData` that is not a boolean', async () => {
    expectBadRequest(
      await t.client.GET('/v2/agent/threads/{threadId}', {
        params: { path: { threadId: 'thr_unknown' }, query: { includeData: 'maybe' as never } },
      }),
      'query',
      'includeData',
    )
  })
})
