import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/team/token-usage/historical → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a `byApiKey` that is not a boolean', async () => {
    expectBadRequest(
      await t.client.GET('/v2/team/token-usage/historical', {
        params: { query: { byApiKey: 'maybe' as never } },
      }),
      'query',
      'byApiKey',
    )
  })
})
