import { randomUUID } from 'node:crypto'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { expectRateLimited } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/monitor/{monitorId} → 429 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false, rateLimitPerMin: 1 })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Rate limit exceeded with Retry-After past the per-minute limit', async () => {
    await expectRateLimited(t, (client) =>
      client.GET('/v2/monitor/{monitorId}', { params: { path: { monitorId: randomUUID() } } }),
    )
  })
})
