import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type FaultyTestService, startFaultyTestService } from '../../testing/harness.js'
import { expectDatabaseFailure } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('POST /v2/interact/{sessionId}/execute → 503 (%s)', (kind) => {
  let t: FaultyTestService
  beforeAll(async () => {
    t = await startFaultyTestService({ kind })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Service Unavailable with Retry-After when the database cannot be reached', async () => {
    await expectDatabaseFailure(t, 503, (client) =>
      client.POST('/v2/interact/{sessionId}/execute', {
        params: { path: { sessionId: 'bs_unknown' } },
        body: { code: 'return 1' },
      }),
    )
  })
})
