import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/monitor → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a `limit` below 1', async () => {
    expectBadRequest(await t.client.GET('/v2/monitor', { params: { query: { limit: 0 } } }), 'query', 'limit')
  })
})
